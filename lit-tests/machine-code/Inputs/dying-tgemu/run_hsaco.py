"""A stand-in for tgemu's run_hsaco.py (see tgemu-suite.test): it is the real
one from the directory $REAL_TGEMU, except that the first launch (counted in
the file $DYING_TGEMU_COUNT across processes) kills its process with
SIGKILL, as an emulator fault might. Launches reach tgemu through its
emulator's run_asm, which this wraps."""
import functools
import importlib.util
import os
import signal

_spec = importlib.util.spec_from_file_location(
    "real_run_hsaco", os.path.join(os.environ["REAL_TGEMU"], "run_hsaco.py"))
_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_real)
kernel_meta = _real.kernel_meta

import test.mockgpu.amd.emu as _emu  # on the path the real module set

_real_run_asm = _emu.run_asm


@functools.wraps(_real_run_asm)
def _dying_run_asm(*args, **kwargs):
    count_file = os.environ["DYING_TGEMU_COUNT"]
    with open(count_file, "a+") as f:
        f.seek(0)
        launches = len(f.read())
        f.write("x")
    if launches == 0:
        os.kill(os.getpid(), signal.SIGKILL)
    return _real_run_asm(*args, **kwargs)


_emu.run_asm = _dying_run_asm
