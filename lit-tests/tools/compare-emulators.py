#!/usr/bin/env python3
"""compare-emulators.py - The same suite runs on wavesim (IR) and tgemu (machine code).

  compare-emulators.py --source=FILE.cu [--filter=PATTERNS] [--max-elements=N]
                       [--tgemu=DIR] --wave=32|64 K.ll K.hsaco [K.ll K.hsaco]...
                       [--wave=32|64 K.ll K.hsaco ...]

Each pair is FILE.cu compiled twice by cu2hsaco with the same options: K.ll
with --emit-llvm (our lowered IR), K.hsaco to a code object (what the AMDGPU
backend made of it); --wave gives the wave size of the pairs after it. This
runs wavesim-suite on each K.ll and one tgemu-suite over every K.hsaco (both
from PATH) over the same cases and sizes, prints all the reports, then for
each pair a line for every run on which the two disagree and its verdict:

  redux_arms_i32 n=100 grid=1 block=256: wavesim PASS, machine code (tgemu gfx942) FAIL
  wavesim: PASS, machine code (tgemu gfx942): FAIL [K.hsaco, 3 kernels, 15 runs]

so that a failure says whether our IR is wrong (wavesim fails too) or only
the machine code made from it (tgemu alone fails). Exit status: 0 when all
pass, 1 when a run fails or the two ran different runs, 2 when a tool
cannot run.
"""

import re
import subprocess
import sys


def usage():
    sys.exit(__doc__.split("\n\n")[1])


def verdicts(report):
    """[(run, PASS or FAIL)] of a suite report, a run being the kernel, size
    and launch shape that start its line."""
    runs = []
    for line in report.splitlines():
        found = re.match(r"(\S.*?)\s+max_err=.*\s(PASS|FAIL)\b", line)
        if found:
            runs.append((" ".join(found.group(1).split()), found.group(2)))
    return runs


def summary(report):
    found = re.search(r"^(\d+) kernels, (\d+) runs: \d+ passed, (\d+) failed$",
                      report, re.M)
    return (int(found.group(1)), int(found.group(2)), int(found.group(3))) \
        if found else None


def main():
    common, tgemu_options, pairs, wave, loose = [], [], [], None, []
    for arg in sys.argv[1:]:
        if arg.startswith(("--source=", "--filter=", "--max-elements=")):
            common.append(arg)
        elif arg.startswith("--tgemu="):
            tgemu_options.append(arg)
        elif arg.startswith("--wave="):
            wave = arg[len("--wave="):]
        elif not arg.startswith("-") and wave in ("32", "64"):
            loose.append(arg)
            if len(loose) == 2:
                pairs.append((wave, loose[0], loose[1]))
                loose = []
        else:
            usage()
    if loose or not pairs or not any(a.startswith("--source=") for a in common):
        usage()

    wavesim_reports = []
    for wave, ir, hsaco in pairs:
        command = ["wavesim-suite", f"--wave={wave}"] + common + [ir]
        done = subprocess.run(command, capture_output=True, text=True)
        wavesim_reports.append((done.returncode, done.stdout + done.stderr))
        print(f"== wavesim wave{wave} (IR): {' '.join(command)}")
        print(wavesim_reports[-1][1], end="")
    command = (["tgemu-suite"] + common + tgemu_options +
               [hsaco for _, _, hsaco in pairs])
    done = subprocess.run(command, capture_output=True, text=True)
    print(f"== machine code (tgemu): {' '.join(command)}")
    print(done.stdout + done.stderr, end="")
    tgemu_failed = done.returncode != 0
    # tgemu-suite's report of each code object starts with
    # "suite on tgemu gfx942 (machine code), K.hsaco".
    tgemu_reports = {}
    for part in re.split(r"^(?=suite on tgemu )", done.stdout, flags=re.M):
        header = re.match(r"suite on tgemu (\S+) \(machine code\), (.*)", part)
        if header:
            tgemu_reports[header.group(2)] = (header.group(1), part)

    print("== wavesim against machine code")
    status = 0
    for (wave, ir, hsaco), (wavesim_status, wavesim_report) in zip(
            pairs, wavesim_reports):
        target, tgemu_report = tgemu_reports.get(hsaco, ("?", ""))
        machine = f"machine code (tgemu {target})"
        on_tgemu = dict(verdicts(tgemu_report))
        on_wavesim = dict(verdicts(wavesim_report))
        for run, verdict in verdicts(tgemu_report):
            if run in on_wavesim and on_wavesim[run] != verdict:
                print(f"{run}: wavesim {on_wavesim[run]}, {machine} {verdict}")
        different = on_wavesim.keys() ^ on_tgemu.keys()
        for run in sorted(different):
            print(f"{run}: only {'wavesim' if run in on_wavesim else machine}"
                  " ran it")
        counts = summary(tgemu_report)
        sim_word = "PASS" if wavesim_status == 0 and summary(wavesim_report) \
            else "FAIL" if wavesim_status == 1 else \
            f"ERROR (exit {wavesim_status})"
        tgemu_word = "PASS" if counts and counts[2] == 0 and not different \
            else "FAIL" if counts else "ERROR"
        size = f", {counts[0]} kernels, {counts[1]} runs" if counts else ""
        print(f"wavesim: {sim_word}, {machine}: {tgemu_word} [{hsaco}{size}]")
        if sim_word.startswith("ERROR") or tgemu_word == "ERROR":
            status = 2
        elif (sim_word != "PASS" or tgemu_word != "PASS") and status == 0:
            status = 1
    if tgemu_failed and status == 0:
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
