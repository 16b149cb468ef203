#!/usr/bin/env bash
# make check-asan: the whole lit suite (the oracle and wavesim included) on
# the ASan+UBSan build, then the ordinary build's cu2hsaco under valgrind on
# one kernel. Every sanitizer report aborts its process and is also written
# to a file of its own (lit.cfg.py sets that up), so a report that a `not`
# in some RUN line swallowed is still counted here.
#
# usage: check-asan.sh BUILD ASAN_BUILD
# Ends with "N passed, N failed", counting the lit tests plus two checks:
# no sanitizer report files, and valgrind clean.
set -uo pipefail
build=$1
asan_build=$2
llvm_bin=/usr/lib/llvm-22/bin
reports=$asan_build/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"

"$llvm_bin/lit" -sv "$asan_build/lit-tests" | tee "$asan_build/lit.log"
passed=$(awk -F: '/^  Passed/ {p += $2} END {print p + 0}' "$asan_build/lit.log")
failed=$(awk -F: '/^  (Failed|Unresolved|Timed Out|Unexpectedly Passed)/ {f += $2}
                  END {print f + 0}' "$asan_build/lit.log")
skipped=$(awk -F: '/^  Unsupported/ {s += $2} END {print s + 0}' "$asan_build/lit.log")

# A report holds "ERROR:" (ASan, LSan) or "runtime error:" (UBSan). Other
# files hold only the runtime's warnings (LeakSanitizer cannot stop the
# threads of some system programs, bash and python3 among them, to check
# them): they are listed, by program, but are not reports.
report_files=$(grep -l -E "ERROR:|runtime error:" "$reports"/* 2>/dev/null)
warning_files=$(grep -L -E "ERROR:|runtime error:" "$reports"/* 2>/dev/null)
if [ -n "$warning_files" ]; then
  echo "sanitizer warnings (not reports), by program:"
  for f in $warning_files; do
    echo "  $(basename "$f" | sed 's/^[a-z]*\.//; s/\.[0-9]*$//'):" \
      "$(head -1 "$f" | sed 's/^==[^=]*==[0-9]*==//')"
  done | sort | uniq -c
fi
if [ -z "$report_files" ]; then
  echo "sanitizer reports: 0"
  passed=$((passed + 1))
else
  echo "sanitizer reports: $(echo "$report_files" | wc -l) (in $reports):"
  for f in $report_files; do
    echo "--- $f"
    head -30 "$f"
  done
  failed=$((failed + 1))
fi

# valgrind runs the uninstrumented driver: a kernel through clang, the
# passes, the AMDGPU backend and ld.lld (clang and ld.lld are children,
# not traced).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if valgrind --error-exitcode=99 --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=definite \
    "$build/bin/cu2hsaco" hip-kernels/warp_reduce.cu -o "$scratch/k.hsaco" \
    --offload-arch=gfx90a >"$asan_build/valgrind.log" 2>&1; then
  grep -E "ERROR SUMMARY|definitely lost" "$asan_build/valgrind.log" |
    sed 's/^==[0-9]*== */valgrind: /'
  passed=$((passed + 1))
else
  echo "valgrind: cu2hsaco failed or reported errors:"
  tail -40 "$asan_build/valgrind.log"
  failed=$((failed + 1))
fi

if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
