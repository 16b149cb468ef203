#!/usr/bin/env bash
# run-fuzz.sh - what `make fuzz` runs: libFuzzer on fuzz-warp-ir for a
# given time, from a seed corpus of generated warp IR and our lit tests,
# with every sanitizer report fatal; then one summary of what it found.
#
# usage: run-fuzz.sh BUILD_DIR SECONDS [ASAN_BUILD_DIR]
#   BUILD_DIR  a tree with bin/fuzz-warp-ir (make fuzz: build-fuzz, with
#              coverage and UBSan on every object)
#   SECONDS    how long the fuzzing workers run
#   ASAN_BUILD_DIR  a tree whose fuzz-warp-ir has ASan (make fuzz:
#              build-asan): every input of the corpus is replayed on it once
#              at the end, so what the fast tree reached is also checked
#              for memory errors and leaks
# environment (optional):
#   FUZZ_WORKERS=2    fuzzing processes (the machine has two cores)
#   FUZZ_GEN_COUNT=200 FUZZ_GEN_SEED=1   generated seed modules
#   FUZZ_MAX_RESTARTS=20   crashes after which a worker stops restarting
#
# Steps, all under BUILD_DIR/fuzz:
#   1. seeds/: gen-warp-ir.py modules (each checked by opt -passes=verify)
#      plus every .ll under lit-tests/ (some are invalid on purpose; the
#      harness skips those).
#   2. Triage: the seeds and the corpus kept from earlier runs are replayed
#      once. An input that crashes now is a finding: its log goes to logs/,
#      the input to artifacts/crash-seed-NAME, and it leaves the corpus, so
#      that one known bug does not stop the fuzzing at its first second.
#   3. FUZZ_WORKERS libFuzzer processes share corpus/ (new finds are written
#      there and reloaded by the others) until SECONDS have passed, with
#      warp-ir.dict; one that crashes is restarted for the time left.
#   4. With ASAN_BUILD_DIR, the corpus replayed once there.
#   5. Summary: executions (libFuzzer's final stat::number_of_executed_units
#      of every process), executions per second, the share of inputs that
#      were valid modules and reached the passes (the harness' own count),
#      crashes (artifacts: crash-, leak-, timeout-, oom-) and verifier
#      failures (the harness' "does not verify" reports). Exit 1 if any.
#
# Re-running keeps corpus/ (what earlier runs learnt) and starts afresh with
# seeds/, artifacts/ and logs/.
set -uo pipefail

if [ $# -ne 2 ] && [ $# -ne 3 ]; then
  echo "usage: run-fuzz.sh BUILD_DIR SECONDS [ASAN_BUILD_DIR]" >&2
  exit 2
fi
build=$(cd "$1" && pwd) || exit 2
seconds=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
llvm_bin=/usr/lib/llvm-22/bin
fuzzer=$build/bin/fuzz-warp-ir
workers=${FUZZ_WORKERS:-2}
gen_count=${FUZZ_GEN_COUNT:-200}
gen_seed=${FUZZ_GEN_SEED:-1}
max_restarts=${FUZZ_MAX_RESTARTS:-20}

work=$build/fuzz
seeds=$work/seeds
corpus=$work/corpus
artifacts=$work/artifacts
logs=$work/logs
stats=$logs/harness-stats.txt

if [ ! -x "$fuzzer" ]; then
  echo "run-fuzz.sh: $fuzzer not built (ninja -C $1 fuzz-warp-ir)" >&2
  exit 2
fi
rm -rf "$seeds" "$artifacts" "$logs"
mkdir -p "$seeds" "$corpus" "$artifacts" "$logs"

# Sanitizers: every report aborts, so libFuzzer sees it as a crash. The
# instrumented tree links the shared ASan runtime, which must come first in
# the harness (and only there: the scripts' own tools are not ours).
runtime_of() {
  ldd "$1" | awk '/libclang_rt.asan/ {print $3}'
}
asan_runtime=$(runtime_of "$fuzzer")
run_fuzzer() {
  LD_PRELOAD=$asan_runtime "$fuzzer" "$@"
}
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:symbolize=1
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=print_suppressions=0
export ASAN_SYMBOLIZER_PATH=$llvm_bin/llvm-symbolizer
unset FUZZ_WARP_PLANT_BUG FUZZ_WARP_STATS

# --- 1. Seeds ---------------------------------------------------------------
echo "run-fuzz: generating $gen_count seed modules (seed $gen_seed)"
if ! python3 "$src/lit-tests/fuzz/gen-warp-ir.py" --seed "$gen_seed" \
    --count "$gen_count" --out "$seeds" --llvm-bin "$llvm_bin"; then
  echo "run-fuzz: the generator failed" >&2
  exit 2
fi
lit_count=0
while IFS= read -r f; do
  rel=${f#"$src"/lit-tests/}
  cp "$f" "$seeds/lit-${rel//\//_}"
  lit_count=$((lit_count + 1))
done < <(find "$src/lit-tests" -name '*.ll' -not -path '*/Output/*' | sort)
echo "run-fuzz: $lit_count lit test modules added to $seeds"

common=(-max_len=65536 -timeout=60 -rss_limit_mb=3072 -print_final_stats=1
        -artifact_prefix="$artifacts/")

# The first line of a report, in the harness' and libFuzzer's logs.
report='does not verify \(|ERROR: (Address|Leak|UndefinedBehavior)Sanitizer'
report+='|runtime error|ERROR: libFuzzer'

# --- 2. Triage --------------------------------------------------------------
# Files given one by one run once each, and libFuzzer names each before
# running it: the last one named before a crash is the crashing input.
seed_crashes=0
triage() {
  local -a files
  mapfile -t files < <(find "$seeds" "$corpus" -type f | sort)
  local i=0 n=${#files[@]} batch=150
  while [ "$i" -lt "$n" ]; do
    local -a chunk=("${files[@]:i:batch}")
    local log=$logs/triage.log
    if run_fuzzer "${common[@]}" "${chunk[@]}" >"$log" 2>&1; then
      i=$((i + ${#chunk[@]}))
      continue
    fi
    local bad
    bad=$(sed -n 's/^Running: //p' "$log" | tail -1)
    if [ -z "$bad" ]; then
      echo "run-fuzz: the harness failed before running an input:" >&2
      tail -20 "$log" >&2
      exit 2
    fi
    local name
    name=$(basename "$bad")
    seed_crashes=$((seed_crashes + 1))
    mv "$log" "$logs/crash-seed-$name.log"
    mv "$bad" "$artifacts/crash-seed-$name"
    echo "run-fuzz: seed $name crashes the harness ($(grep -m1 -E "$report" \
      "$logs/crash-seed-$name.log" | sed 's/^==[0-9]*== *//'))"
    local k
    for k in "${!chunk[@]}"; do
      if [ "${chunk[$k]}" = "$bad" ]; then
        i=$((i + k + 1))
        break
      fi
    done
  done
}
echo "run-fuzz: replaying the seeds and the kept corpus"
triage
rm -f "$logs/triage.log"
echo "run-fuzz: $seed_crashes seed(s) crash; $(find "$seeds" "$corpus" -type f | wc -l) inputs go on"

# --- 3. Fuzzing -------------------------------------------------------------
start=$(date +%s)
end=$((start + seconds))
worker() {
  local id=$1 run=0 crashes=0
  while [ "$(date +%s)" -lt "$end" ] && [ "$crashes" -lt "$max_restarts" ]; do
    local left=$((end - $(date +%s)))
    [ "$left" -ge 1 ] || break
    FUZZ_WARP_STATS=$stats run_fuzzer "$corpus" "$seeds" "${common[@]}" \
      -max_total_time="$left" -dict="$src/lit-tests/fuzz/warp-ir.dict" \
      -seed=$((start + 7919 * id + run)) \
      >"$logs/worker$id.run$run.log" 2>&1 && break
    crashes=$((crashes + 1))
    run=$((run + 1))
  done
}
echo "run-fuzz: $workers worker(s) for ${seconds}s"
for ((w = 0; w < workers; w++)); do
  worker "$w" &
done
wait
elapsed=$(($(date +%s) - start))
[ "$elapsed" -ge 1 ] || elapsed=1

# --- 4. The corpus on the ASan tree ------------------------------------------
replayed=0 replay_status=0
if [ $# -eq 3 ]; then
  asan_fuzzer=$(cd "$3" && pwd)/bin/fuzz-warp-ir
  replayed=$(find "$corpus" -type f | wc -l)
  echo "run-fuzz: replaying the $replayed corpus inputs on $asan_fuzzer"
  LD_PRELOAD=$(runtime_of "$asan_fuzzer") "$asan_fuzzer" -runs=0 \
    "${common[@]}" "$corpus" >"$logs/asan-replay.log" 2>&1 || replay_status=1
fi

# --- 5. Summary -------------------------------------------------------------
executions=0
for log in "$logs"/worker*.log; do
  [ -e "$log" ] || continue
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ -z "$n" ]; then # cut short: the last status line
    n=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  fi
  executions=$((executions + ${n:-0}))
done
read -r inputs valid < <(awk '{i += $2; v += $4} END {print i + 0, v + 0}' \
  "$stats" 2>/dev/null || echo "0 0")
crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' \
  -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
verifier=$(cat "$logs"/*.log 2>/dev/null | grep -c 'does not verify (')

echo "run-fuzz: ---- summary ($elapsed s, $workers workers) ----"
echo "run-fuzz: executions: $executions ($((executions / elapsed)) per second)"
if [ "$inputs" -gt 0 ]; then
  echo "run-fuzz: valid modules that reached the passes: $valid of $inputs" \
    "inputs ($(awk -v v="$valid" -v i="$inputs" 'BEGIN {printf "%.1f", 100 * v / i}')%," \
    "the harness' count at exit)"
fi
echo "run-fuzz: crashes: $crashes (of them $seed_crashes seeds), verifier failures: $verifier"
if [ $# -eq 3 ]; then
  if [ "$replay_status" -eq 0 ]; then
    echo "run-fuzz: corpus replayed under ASan: $replayed inputs, no report"
  else
    echo "run-fuzz: corpus replayed under ASan: FAILED ($logs/asan-replay.log):"
    grep -m3 -E "$report" "$logs/asan-replay.log"
    crashes=$((crashes + 1))
  fi
fi
if [ "$crashes" -gt 0 ]; then
  echo "run-fuzz: artifacts in $artifacts, logs in $logs:"
  for log in "$logs"/*.log; do
    what=$(grep -m1 -E "$report" "$log") || continue
    if [[ $what == *"does not verify ("* ]]; then # the verifier's first line
      where=$(grep -m1 -A1 'does not verify (' "$log" | tail -1)
    else # the first frame in the passes, else in the harness
      where=$(grep -m1 -E '^ +#[0-9]+ .* in [A-Za-z_].*/pass/' "$log" ||
        grep -m1 -E '^ +#[0-9]+ .* in [A-Za-z_].*/lit-tests/fuzz/' "$log")
      where=${where:+at ${where##* in }}
    fi
    echo "  $(basename "$log"): ${what#==*== } ${where}"
  done
  echo "run-fuzz: replay one with:${asan_runtime:+ LD_PRELOAD=$asan_runtime}" \
    "$fuzzer $artifacts/NAME"
fi
if [ "$crashes" -eq 0 ] && [ "$verifier" -eq 0 ]; then
  verdict="met"
  [ "$executions" -ge 1000000 ] || verdict="not met: fewer executions"
  echo "run-fuzz: no crashes, no verifier failures (target >= 1,000,000" \
    "executions with none: $verdict)"
  exit 0
fi
exit 1
