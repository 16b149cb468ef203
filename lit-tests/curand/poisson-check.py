#!/usr/bin/env python3
"""Compares poisson.cu's histograms ("hist GENERATOR LAMBDA VALUE COUNT")
with the Poisson distribution, computed here from its definition: per
generator and lambda, the mean within 4 standard errors of lambda, and a
chi-square statistic over bins of expected count >= 20 (tails merged)
below the 0.9999 quantile of its distribution (Wilson-Hilferty
approximation). Prints one line per histogram ("ok" or "MISMATCH") and
exits 1 on any mismatch.

Usage: poisson-check.py OUTPUT
"""
import math
import sys


def pmf(k, lam):
    return math.exp(-lam + k * math.log(lam) - math.lgamma(k + 1))


def chi2_quantile(df, z=3.719):  # z: the normal's 0.9999 quantile
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def check(counts, lam):
    n = sum(counts.values())
    mean = sum(k * c for k, c in counts.items()) / n
    mean_ok = abs(mean - lam) <= 4 * math.sqrt(lam / n)
    # Bins [lo, hi] of expected count >= 20, from the mode outwards.
    lo_edge = int(lam)
    while lo_edge > 0 and n * pmf(lo_edge - 1, lam) >= 20:
        lo_edge -= 1
    hi_edge = int(lam)
    while n * pmf(hi_edge + 1, lam) >= 20:
        hi_edge += 1
    below = sum(pmf(k, lam) for k in range(lo_edge))
    above = 1 - below - sum(pmf(k, lam) for k in range(lo_edge, hi_edge + 1))
    bins = [(sum(c for k, c in counts.items() if k < lo_edge), below)]
    bins += [(counts.get(k, 0), pmf(k, lam))
             for k in range(lo_edge, hi_edge + 1)]
    bins.append((sum(c for k, c in counts.items() if k > hi_edge), above))
    bins = [(o, p) for o, p in bins if n * p >= 1]
    chi2 = sum((o - n * p) ** 2 / (n * p) for o, p in bins)
    df = len(bins) - 1
    return mean, chi2, df, mean_ok and chi2 <= chi2_quantile(df)


def main():
    histograms = {}
    for line in open(sys.argv[1]):
        fields = line.split()
        if fields and fields[0] == "hist":
            key = (fields[1], float(fields[2]))
            histograms.setdefault(key, {})[int(fields[3])] = int(fields[4])
        elif line.strip():
            print(line.strip())
    bad = 0
    for (generator, lam), counts in sorted(histograms.items()):
        mean, chi2, df, ok = check(counts, lam)
        bad += not ok
        print("%s %s lambda %g: mean %.3f, chi2 %.1f on %d bins"
              % ("ok" if ok else "MISMATCH", generator, lam, mean, chi2,
                 df + 1))
    print("%d histograms" % len(histograms))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
