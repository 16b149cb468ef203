#!/usr/bin/env python3
"""llm.c (github.com/karpathy/llm.c), unchanged, built by our nvcc and run
on wavesim: the programs that call cuBLAS(Lt) and the fp32 trainer.

1. dev/cuda's programs that call cuBLAS or cuBLASLt, built by their own
   Makefile, each kernel variant that calls the library run until its own
   checks have passed ("All results match"; see PASSED) and stopped there:
   the 100-repetition benchmarks that follow are out of wavesim's reach.
2. The fp32 CUDA trainer (train_gpt2_fp32.cu, built by llm.c's Makefile)
   against llm.c's CPU trainer (train_gpt2.c, built by the same Makefile
   with the host's cc) on a tiny GPT-2 written by tiny_gpt2.py: the first
   validation loss and the losses of every training step must agree.
3. The bfloat16 CUDA trainer (train_gpt2.cu, llm.c's main one, built by
   its Makefile as train_gpt2cu) with its GELU fused into cuBLASLt's
   epilogues (-ge 2: GELU_AUX_BIAS forward, DGELU backward) against the
   CPU trainer on the same tiny GPT-2 (a vocabulary of 8192, the least
   its classifier kernel takes), its weights rounded to bfloat16 and
   written in both trainers' formats, every train batch the same (the
   bfloat16 trainer shuffles its batches): the first validation loss and
   the losses of every training step must agree within the tolerance of
   bfloat16 arithmetic (--bf16-loss-tolerance, 5e-3: measured 3.7e-4,
   while the loss falls about 0.07 a step). The bfloat16 trainer's
   AdamW differs from the CPU trainer's (beta2 0.95, not 0.999; gradients
   clipped to norm 1): on one batch over and over its step is still close
   to the CPU trainer's (Adam's first step, lr sign(g), depends on
   neither).

Prints one line per run and exits 1 if any fails. The llm.c checkout is
copied to --work first.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# dev/cuda programs and the kernel numbers of theirs that call cuBLAS(Lt).
CUBLAS_KERNELS = {
    "matmul_forward": ["2", "3"],
    "matmul_backward": ["1"],
    "attention_forward": ["3", "4", "5"],
    "attention_backward": ["7"],
    "trimat_forward": ["0"],
}

# The CUDA trainers compared with llm.c's CPU trainer (train_gpt2.c, whose
# B and T are fixed at 4 and 64): the make target, the program's
# arguments (the learning rate is replaced by --learning-rate), the line of
# each step's loss, tiny_gpt2.py's options, the tolerance's option, and
# how a result line names it.
TRAINERS = {
    "trainer": {
        "program": "train_gpt2fp32cu",
        "label": "train_gpt2fp32cu (learning rate {rate})",
        "args": ["-b", "4", "-t", "64", "-l", "1e-4", "-v", "1000", "-m", "5",
                 "-g", "1", "-s", "1000"],
        "step": r"step +\d+/\d+: train loss (\S+)",
        "model": [],
        "tolerance": "loss_tolerance",
    },
    # bfloat16: the same batch, 8 steps, no sampling, GELU fused into the
    # matmuls forward and backward.
    "bf16trainer": {
        "program": "train_gpt2cu",
        "label": "train_gpt2cu (bf16, learning rate {rate})",
        "args": ["-e", "gpt2_124M_bf16.bin", "-b", "4", "-t", "64",
                 "-l", "1e-4", "-v", "1000", "-m", "5", "-s", "0",
                 "-x", "8", "-ge", "2"],
        "step": r"step +\d+/\d+ \| loss (\S+)",
        "model": ["--bf16", "--repeat-train-batch", "--vocab", "8192"],
        "tolerance": "bf16_loss_tolerance",
    },
}

def environment(args):
    env = dict(os.environ, PATH=args.bin + os.pathsep + os.environ["PATH"],
               CUCC_DEVICE="wavesim:" + args.arch)
    return env


# What a program prints once its checks have passed: "All results match",
# but attention_backward validates (exiting at a mismatch) and goes on
# to count the gradients within 1e-4 without a verdict.
PASSED = {"attention_backward": "Number of matching gradients"}


def run_until_verdict(command, cwd, env, limit):
    """Runs a dev/cuda program line-buffered and stops it at its verdict."""
    passed = PASSED.get(os.path.basename(command[0]), "All results match")
    process = subprocess.Popen(["stdbuf", "-oL"] + command, cwd=cwd, env=env,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    start, verdict, last = time.time(), "no verdict", ""
    for line in process.stdout:
        last = line.strip() or last
        if passed in line:
            verdict = "PASS"
            break
        if re.search(r"Mismatch|ERROR|error", line):
            verdict = "FAIL: " + line.strip()
            break
        if time.time() - start > limit:
            verdict = "TIMEOUT"
            break
    process.kill()
    process.wait()
    if verdict == "no verdict" and last:
        verdict = "FAIL: " + last
    return verdict, time.time() - start


def make(targets, cwd, env):
    result = subprocess.run(["make"] + targets, cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    return result.returncode, result.stdout


def check_cublas_programs(args, env, only):
    failures = 0
    cwd = os.path.join(args.work, "dev", "cuda")
    for program, kernels in CUBLAS_KERNELS.items():
        if only and program not in only:
            continue
        rc, out = make([program], cwd, env)
        if rc:
            print(f"{program}: build FAIL: {out.strip().splitlines()[-1]}")
            failures += 1
            continue
        for kernel in kernels:
            verdict, seconds = run_until_verdict(
                ["./" + program, kernel], cwd, env, args.limit)
            print(f"{program} {kernel}: {verdict} ({seconds:.0f} s)",
                  flush=True)
            failures += verdict != "PASS"
    return failures


def losses(text, pattern):
    return [float(m) for m in re.findall(pattern, text)]


def check_trainer(args, env, name):
    trainer = TRAINERS[name]
    rc, out = make(["train_gpt2", trainer["program"]], args.work, env)
    if rc:
        print(f"{name}: build FAIL: {out.strip().splitlines()[-1]}")
        return 1
    subprocess.run([sys.executable, os.path.join(HERE, "tiny_gpt2.py"),
                    args.work] + trainer["model"], check=True)
    cpu = subprocess.run(["./train_gpt2"], cwd=args.work, env=env, text=True,
                         stdout=subprocess.PIPE, check=True).stdout
    trainer_args = list(trainer["args"])
    trainer_args[trainer_args.index("-l") + 1] = args.learning_rate
    gpu = subprocess.run(["./" + trainer["program"]] + trainer_args,
                         cwd=args.work, env=env, text=True,
                         stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT).stdout
    gpu_steps = losses(gpu, trainer["step"])
    cpu_steps = losses(cpu, r"step \d+: train loss (\S+)")[:len(gpu_steps)]
    gpu_val = losses(gpu, r"val loss (\S+)")[:1]
    cpu_val = losses(cpu, r"val loss (\S+)")[:1]
    differences = [abs(a - b) for a, b in
                   zip(gpu_val + gpu_steps, cpu_val + cpu_steps)]
    worst = max(differences, default=None)
    ok = (len(gpu_steps) == 8 and len(gpu_val) == 1 and worst is not None
          and worst <= getattr(args, trainer["tolerance"]))
    label = trainer["label"].format(rate=args.learning_rate)
    print(f"{label} against train_gpt2 (CPU): {len(gpu_steps)} steps, "
          f"largest loss difference {worst}: {'PASS' if ok else 'FAIL'}")
    print("differences: " + " ".join(f"{d:.6f}" for d in differences))
    if not ok:
        print("cpu: " + " ".join(map(str, cpu_val + cpu_steps)))
        print("gpu: " + " ".join(map(str, gpu_val + gpu_steps)))
        print(gpu[-2000:])
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--llmc", required=True, help="an llm.c checkout")
    parser.add_argument("--bin", required=True,
                        help="the directory of our nvcc")
    parser.add_argument("--work", required=True)
    parser.add_argument("--arch", default="gfx942")
    parser.add_argument("--limit", type=float, default=3600,
                        help="seconds a program may run to its verdict")
    parser.add_argument("--loss-tolerance", type=float, default=1e-4)
    parser.add_argument("--bf16-loss-tolerance", type=float, default=0.005)
    parser.add_argument("--only", default="",
                        help="comma-separated: dev/cuda programs, trainer, "
                        "bf16trainer")
    parser.add_argument("--learning-rate", default="1e-4",
                        help="the CUDA trainer's (the CPU trainer's is 1e-4)")
    args = parser.parse_args()
    args.bin = os.path.abspath(args.bin)
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.llmc, args.work, ignore=shutil.ignore_patterns(".git"))
    env = environment(args)
    only = [name for name in args.only.split(",") if name]
    failures = 0
    if not only or any(name in CUBLAS_KERNELS for name in only):
        failures += check_cublas_programs(args, env, only)
    for name in TRAINERS:
        if not only or name in only:
            failures += check_trainer(args, env, name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
