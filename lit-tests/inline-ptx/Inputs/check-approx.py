#!/usr/bin/env python3
"""check-approx.py OURS NVIDIA [--plant]

Checks the .approx instructions of ptx_approx (lit-tests/oracle/nvidia/
ptx-forms/ptx_forms.cu) against the error PTX documents for them, on the
inputs where PTX documents it, for our results and, as a check of the
bounds themselves, the H100's. Each record holds the f32 input x, the
results of rcp, rcp.ftz, sqrt, rsqrt, ex2, ex2.ftz, lg2, sin, cos, tanh,
div.approx(1.5, x), div.full(x, 3), then the f64 input and rcp.approx.ftz
and rsqrt.approx of it. Prints a table; exit status 1 when a result of ours
is outside its bound. --plant makes our rcp results 3 ulps larger.
"""
import math
import struct
import sys

RECORD = 20


def words(path):
    out = []
    with open(path) as f:
        for line in f:
            if ":" in line:
                out += [int(v) & 0xFFFFFFFF for v in line.split(":", 1)[1].split()]
    return out


def f32(u):
    return struct.unpack("<f", struct.pack("<I", u))[0]


def f64(lo, hi):
    return struct.unpack("<d", struct.pack("<Q", lo | hi << 32))[0]


def ulp32(y):
    y = abs(y)
    if y < 2.0 ** -126:
        return 2.0 ** -149
    return 2.0 ** (math.floor(math.log2(y)) - 23)


def normal(x):
    return math.isfinite(x) and abs(x) >= 2.0 ** -126


# name, word, function, domain, error kind, bound
CHECKS = [
    ("rcp.approx.f32", 1, lambda x: 1 / x, lambda x: normal(x) and abs(x) < 2.0 ** 126, "ulp", 1),
    ("rcp.approx.ftz.f32", 2, lambda x: 1 / x, lambda x: normal(x) and abs(x) < 2.0 ** 126, "ulp", 1),
    ("sqrt.approx.f32", 3, math.sqrt, lambda x: normal(x) and x > 0, "rel", 2.0 ** -23),
    ("rsqrt.approx.f32", 4, lambda x: 1 / math.sqrt(x), lambda x: normal(x) and x > 0, "rel", 2.0 ** -22.9),
    ("ex2.approx.f32", 5, lambda x: 2.0 ** x, lambda x: math.isfinite(x) and -126 < x < 128, "rel", 2.0 ** -22),
    ("ex2.approx.ftz.f32", 6, lambda x: 2.0 ** x, lambda x: math.isfinite(x) and -126 < x < 128, "rel", 2.0 ** -22),
    ("lg2.approx.f32 (x in [0.5, 2])", 7, math.log2, lambda x: 0.5 <= x <= 2, "abs", 2.0 ** -22),
    ("lg2.approx.f32 (other x)", 7, math.log2, lambda x: normal(x) and x > 0 and not 0.5 <= x <= 2, "rel", 2.0 ** -22),
    ("sin.approx.f32 (x in [-pi, pi])", 8, math.sin, lambda x: abs(x) <= math.pi, "abs", 2.0 ** -20.5),
    ("cos.approx.f32 (x in [-pi, pi])", 9, math.cos, lambda x: abs(x) <= math.pi, "abs", 2.0 ** -20.5),
    ("tanh.approx.f32", 10, math.tanh, lambda x: math.isfinite(x), "rel", 2.0 ** -10.987),
    ("div.approx.f32 (1.5 / x)", 11, lambda x: 1.5 / x, lambda x: normal(x) and abs(x) <= 2.0 ** 126, "ulp", 2),
    ("div.full.f32 (x / 3)", 12, lambda x: x / 3, lambda x: math.isfinite(x) and abs(x / 3) >= 2.0 ** -126, "ulp", 2),
]


def error(kind, got, want):
    if not math.isfinite(got):
        return math.inf
    if kind == "ulp":
        return abs(got - want) / ulp32(want)
    if kind == "abs":
        return abs(got - want)
    return abs(got - want) / abs(want) if want else abs(got)


def main():
    ours, nvidia = words(sys.argv[1]), words(sys.argv[2])
    plant = "--plant" in sys.argv
    records = len(nvidia) // RECORD
    failed = False
    print(f"{'instruction':34} {'inputs':>6} {'ours':>10} {'H100':>10} {'bound':>10}")
    for name, word, function, domain, kind, bound in CHECKS:
        count, worst, worst_nvidia = 0, 0.0, 0.0
        for r in range(records):
            x = f32(nvidia[r * RECORD])
            if not domain(x):
                continue
            want = function(x)
            got = f32(ours[r * RECORD + word])
            if plant and word in (1, 2):
                got = f32(ours[r * RECORD + word] + 3)
            count += 1
            worst = max(worst, error(kind, got, want))
            worst_nvidia = max(worst_nvidia, error(kind, f32(nvidia[r * RECORD + word]), want))
        fmt = (lambda e: f"{e:10.3g}") if kind != "ulp" else (lambda e: f"{e:10.2f}")
        verdict = "" if worst <= bound else "  OUTSIDE"
        failed |= worst > bound
        print(f"{name:34} {count:6} {fmt(worst)} {fmt(worst_nvidia)} {fmt(bound)}{verdict}")
    # f64: rcp.approx.ftz and rsqrt.approx, relative error.
    for name, word, function, bound in (
            ("rcp.approx.ftz.f64", 15, lambda x: 1 / x, 2.0 ** -20),
            ("rsqrt.approx.f64", 17, lambda x: 1 / math.sqrt(x), 2.0 ** -22)):
        count, worst, worst_nvidia = 0, 0.0, 0.0
        for r in range(records):
            base = r * RECORD
            x = f64(nvidia[base + 13], nvidia[base + 14])
            if not (math.isfinite(x) and 2.0 ** -1000 < abs(x) < 2.0 ** 1000) or (word == 17 and x <= 0):
                continue
            want = function(x)
            count += 1
            got = f64(ours[base + word], ours[base + word + 1])
            worst = max(worst, abs(got - want) / abs(want))
            worst_nvidia = max(worst_nvidia, abs(f64(nvidia[base + word], nvidia[base + word + 1]) - want) / abs(want))
        verdict = "" if worst <= bound else "  OUTSIDE"
        failed |= worst > bound
        print(f"{name:34} {count:6} {worst:10.3g} {worst_nvidia:10.3g} {bound:10.3g}{verdict}")
    print("all within PTX's bounds" if not failed else "some results outside PTX's bounds")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
