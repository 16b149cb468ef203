# Runs faults.cu's cases as the H100 capture did, one process each (a
# fault ends the CUDA context): for each, its exit status and stdout, in
# the layout of faults.h100.txt. Usage: run-cases.py PROGRAM DEVICE CASE...
# (DEVICE is CUCC_DEVICE's value, or "-" to leave it unset).
import os
import subprocess
import sys

program, device, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
env = dict(os.environ)
if device != "-":
    env["CUCC_DEVICE"] = device
for case in cases:
    run = subprocess.run([program, case], capture_output=True, env=env,
                         timeout=120)
    sys.stdout.write(f"== case {case}\nexit {run.returncode}\n")
    sys.stdout.write(run.stdout.decode())
