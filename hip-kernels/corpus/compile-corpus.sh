#!/usr/bin/env bash
# compile-corpus.sh - Compiles every corpus file through clang-22, our
# nvvm-to-amdgpu pass, llc and ld.lld into code objects, and shows that the
# pass never crashes on it.
#
#   compile-corpus.sh BUILD_DIR [FILE.cu ...]
#   compile-corpus.sh --plugin PATH/libNVVMWarpToAMDGPU.so [FILE.cu ...]
#
# For each file (default: every hip-kernels/corpus/*.cu) and each of -O0
# and -O2, clang-22 makes NVVM IR as cu2hsaco does (no NVIDIA SDK); then
# for each target `opt -passes='nvvm-to-amdgpu<gfxN>'` (which verifies the
# module it produces), `llc -mcpu=gfxN -filetype=obj` and `ld.lld -shared
# --no-undefined`, which makes the code object as cu2hsaco does. Each (file,
# -O, target) is one compilation and ends as
#   compiled     every step exited 0;
#   diagnosed    opt exited non-zero and every line it printed is one of
#                our diagnostics ("error: nvvm-to-amdgpu: in function ...",
#                docs/diagnostics.md's table);
#   CRASH        a signal or exit status >= 128, a crash or verifier
#                message, a time-out, a non-zero exit whose output is not
#                one of our diagnostics, or llc or ld.lld failing on our
#                output;
#   clang-error  clang rejected the file (the corpus is broken, not the
#                pass).
# Prints one row per compilation and a totals line, and exits 1 if
# anything crashed or hit a clang error.
#
# Environment: CLANG, OPT, LLC, LLD (tools; default LLVM_BIN=/usr/lib/llvm-22/bin,
# so OPT can be a wrapper running opt under ASan or a planted crash),
# CORPUS_TARGETS (default "gfx90a gfx942 gfx1100"), CORPUS_OPT_LEVELS
# (default "-O0 -O2"), CORPUS_JOBS (parallel jobs, default 2),
# CORPUS_TIMEOUT (seconds per tool run, default 300), CORPUS_KEEP=DIR (keep
# the intermediate files there).
set -u

Here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
CLANG=${CLANG:-$LLVM_BIN/clang}
OPT=${OPT:-$LLVM_BIN/opt}
LLC=${LLC:-$LLVM_BIN/llc}
LLD=${LLD:-$LLVM_BIN/ld.lld}
CORPUS_TARGETS=${CORPUS_TARGETS:-gfx90a gfx942 gfx1100}
CORPUS_OPT_LEVELS=${CORPUS_OPT_LEVELS:--O0 -O2}
CORPUS_JOBS=${CORPUS_JOBS:-2}
CORPUS_TIMEOUT=${CORPUS_TIMEOUT:-300}

CrashMarkers='PLEASE submit a bug report|Stack dump|Assertion|LLVM ERROR|does not verify|Broken module|Segmentation fault|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:'

die() {
  echo "compile-corpus.sh: $*" >&2
  exit 2
}

# Runs a tool with a time limit, its stderr to $1; returns its status.
runTool() {
  local Err=$1
  shift
  if command -v timeout >/dev/null; then
    timeout "$CORPUS_TIMEOUT" "$@" 2>"$Err"
  else
    "$@" 2>"$Err"
  fi
}

firstLine() {
  grep -m1 . "$1" | cut -c1-300
}

# The first crash marker line of $1, if any.
crashLine() {
  grep -m1 -E "$CrashMarkers" "$1" | cut -c1-300
}

# True if $1 is non-empty and every non-empty line is one of our errors,
# which name the pass that reports them.
onlyOurDiagnostics() {
  grep -q . "$1" &&
    ! grep . "$1" | grep -q -v -E '^error: nvvm-(shfl-|warp-)?to-amdgpu: '
}

# Describes a failed step: its crash line, else its status and first line.
failure() {
  local Tool=$1 Status=$2 Err=$3 Line First
  Line=$(crashLine "$Err")
  First=$(firstLine "$Err")
  if [ -z "$Line" ]; then
    Line=$First
  elif [ "$Line" != "$First" ]; then
    Line="$Line (first line: $First)"
  fi
  if [ "$Status" -eq 124 ]; then
    echo "$Tool: timed out after ${CORPUS_TIMEOUT}s"
  elif [ "$Status" -ge 128 ]; then
    echo "$Tool: killed by signal $((Status - 128))${Line:+: $Line}"
  else
    echo "$Tool: exit $Status${Line:+: $Line}"
  fi
}

# One (file, -O) job: clang once, then opt and llc per target. Writes one
# tab-separated row per target to $Work/rows/FILEINDEX.OPTINDEX (named so
# that a glob lists them in order) and its detail to the .detail beside it.
compileJob() {
  local FileIndex=$1 File=$2 OptIndex=$3 Level=$4
  local Name Dir Row Status Target Outcome Detail
  Name=$(basename "$File")
  Dir="$Work/build/${Name%.cu}$Level"
  Row="$Work/rows/$FileIndex.$OptIndex"
  mkdir -p "$Dir"
  runTool "$Dir/clang.err" "$CLANG" -x cuda --cuda-device-only \
    --cuda-gpu-arch=sm_80 -nocudainc -nocudalib --cuda-path=/nonexistent \
    -Xclang -target-feature -Xclang +ptx70 -isystem "$Here/../../include" \
    -include cuda_runtime.h -I "$Here/.." -I "$Here" \
    "$Level" -fomit-frame-pointer -emit-llvm -S "$File" -o "$Dir/nvvm.ll"
  local ClangStatus=$?
  : >"$Row"
  for Target in $CORPUS_TARGETS; do
    if [ $ClangStatus -ne 0 ]; then
      Outcome=clang-error
      Detail=$(failure clang $ClangStatus "$Dir/clang.err")
    else
      runTool "$Dir/opt-$Target.err" "$OPT" \
        "-load-pass-plugin=$Plugin" "-passes=nvvm-to-amdgpu<$Target>" -S \
        "$Dir/nvvm.ll" -o "$Dir/$Target.ll"
      Status=$?
      if [ $Status -ge 124 ] || [ -n "$(crashLine "$Dir/opt-$Target.err")" ]; then
        Outcome=CRASH
        Detail=$(failure opt $Status "$Dir/opt-$Target.err")
      elif [ $Status -ne 0 ]; then
        if onlyOurDiagnostics "$Dir/opt-$Target.err"; then
          Outcome=diagnosed
          Detail=$(firstLine "$Dir/opt-$Target.err")
        else
          Outcome=CRASH
          Detail="$(failure opt $Status "$Dir/opt-$Target.err") (not one of our diagnostics)"
        fi
      else
        runTool "$Dir/llc-$Target.err" "$LLC" -mtriple=amdgcn-amd-amdhsa \
          "-mcpu=$Target" -filetype=obj "$Dir/$Target.ll" -o "$Dir/$Target.o"
        Status=$?
        if [ $Status -ne 0 ] || [ -n "$(crashLine "$Dir/llc-$Target.err")" ]; then
          Outcome=CRASH
          Detail=$(failure llc $Status "$Dir/llc-$Target.err")
        else
          runTool "$Dir/lld-$Target.err" "$LLD" -shared --no-undefined \
            "$Dir/$Target.o" -o "$Dir/$Target.hsaco"
          Status=$?
          if [ $Status -ne 0 ]; then
            Outcome=CRASH
            Detail=$(failure ld.lld $Status "$Dir/lld-$Target.err")
          else
            Outcome=compiled
            Detail=
          fi
        fi
      fi
    fi
    printf '%s\t%s\t%s\t%s\n' "$Name" "$Level" "$Target" "$Outcome" >>"$Row"
    # The detail goes on a line of its own: it may hold tabs.
    printf '%s\n' "${Detail//$'\n'/ }" >>"$Row.detail"
  done
}

# Worker mode, run by xargs: --job WORK PLUGIN FILEINDEX FILE OPTINDEX LEVEL.
if [ "${1:-}" = --job ]; then
  Work=$2 Plugin=$3
  exec 2>>"$Work/jobs.log"
  compileJob "$4" "$5" "$6" "$7"
  exit 0
fi

Plugin=
Files=()
while [ $# -gt 0 ]; do
  case "$1" in
  --plugin)
    [ $# -ge 2 ] || die "--plugin needs a path"
    Plugin=$2
    shift 2
    ;;
  -h | --help)
    sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  *.cu)
    Files+=("$1")
    shift
    ;;
  *)
    [ -z "$Plugin" ] || die "unexpected argument '$1'"
    Plugin=$1/lib/libNVVMWarpToAMDGPU.so
    shift
    ;;
  esac
done
[ -n "$Plugin" ] || die "usage: compile-corpus.sh BUILD_DIR | --plugin PATH [FILE.cu ...]"
[ -f "$Plugin" ] || die "no plugin at $Plugin (build it: ninja -C build)"
for Tool in "$CLANG" "$OPT" "$LLC" "$LLD"; do
  [ -x "$Tool" ] || die "$Tool is not an executable"
done
if [ ${#Files[@]} -eq 0 ]; then
  Files=("$Here"/*.cu)
fi
for File in "${Files[@]}"; do
  [ -f "$File" ] || die "no such file: $File"
done

if [ -n "${CORPUS_KEEP:-}" ]; then
  Work=$CORPUS_KEEP
  rm -rf "$Work/rows" "$Work/build" "$Work/jobs.log"
  mkdir -p "$Work"
else
  Work=$(mktemp -d "${TMPDIR:-/tmp}/corpus.XXXXXX") || die "mktemp failed"
  trap 'rm -rf "$Work"' EXIT
fi
mkdir -p "$Work/rows"
# A private copy, so that a rebuild during the run cannot pull it away.
cp "$Plugin" "$Work/plugin.so" || die "cannot copy $Plugin"
Plugin=$Work/plugin.so
Start=$(date +%s)

FileIndex=0
for File in "${Files[@]}"; do
  FileIndex=$((FileIndex + 1))
  OptIndex=0
  for Level in $CORPUS_OPT_LEVELS; do
    OptIndex=$((OptIndex + 1))
    printf '%s\0' "$(printf %03d $FileIndex)" "$File" \
      "$(printf %02d $OptIndex)" "$Level"
  done
done | xargs -0 -n 4 -P "$CORPUS_JOBS" "$BASH" "$0" --job "$Work" "$Plugin"

Compiled=0 Diagnosed=0 Crashed=0 ClangErrors=0 Total=0
printf '%-32s %-4s %-8s %-12s %s\n' FILE -O TARGET OUTCOME DIAGNOSTIC
for Row in "$Work"/rows/*; do
  case "$Row" in *.detail | */\*) continue ;; esac
  exec 3<"$Row.detail"
  while IFS=$'\t' read -r Name Level Target Outcome; do
    IFS= read -r Detail <&3
    Total=$((Total + 1))
    case "$Outcome" in
    compiled) Compiled=$((Compiled + 1)) ;;
    diagnosed) Diagnosed=$((Diagnosed + 1)) ;;
    CRASH) Crashed=$((Crashed + 1)) ;;
    clang-error) ClangErrors=$((ClangErrors + 1)) ;;
    esac
    printf '%-32s %-4s %-8s %-12s %s\n' "$Name" "$Level" "$Target" \
      "$Outcome" "$Detail"
  done <"$Row"
  exec 3<&-
done

read -ra Levels <<<"$CORPUS_OPT_LEVELS"
read -ra Targets <<<"$CORPUS_TARGETS"
Expected=$((${#Files[@]} * ${#Levels[@]} * ${#Targets[@]}))
if [ "$Total" -ne "$Expected" ]; then
  echo "compile-corpus.sh: only $Total of $Expected compilations reported;" \
    "the jobs said:" >&2
  cat "$Work/jobs.log" >&2
  Crashed=$((Crashed + Expected - Total))
fi
echo "corpus: ${#Files[@]} files, $Expected compilations: $Compiled compiled," \
  "$Diagnosed diagnosed, $Crashed crashed, $ClangErrors clang-error" \
  "($(($(date +%s) - Start))s)"
[ -n "${CORPUS_KEEP:-}" ] && echo "intermediate files kept in $Work"
[ $((Crashed + ClangErrors)) -eq 0 ]
