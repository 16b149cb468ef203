# Runs assert_msg's cases as the H100 capture did, one process each (a
# failed assert ends the context): for each, its exit status, stdout and
# stderr, in the layout of assert_msg.h100.txt.
import os
import subprocess
import sys

program, device = sys.argv[1], sys.argv[2]
env = dict(os.environ, CUCC_DEVICE=device)
for case in ["one", "none", "template", "helper"]:
    run = subprocess.run([program, case], capture_output=True, env=env)
    sys.stdout.write(f"== case {case}\nexit {run.returncode}\n-- stdout\n")
    sys.stdout.write(run.stdout.decode())
    sys.stdout.write("-- stderr\n")
    sys.stdout.write(run.stderr.decode())
