#!/bin/sh
# crash-tool.sh - Stands in for opt or llc in planted-crash.test, failing
# the way $PLANT says: segv (prints a stack dump like LLVM's, then dies of
# SIGSEGV), broken (the verifier's message, exit 1) or error (an error that
# is not one of our diagnostics, exit 1).
case "${PLANT:-segv}" in
segv)
  echo "Stack dump:" >&2
  echo "0.	Program arguments: $0 $*" >&2
  # Under make check-asan this shell has ASan preloaded, whose SEGV handler
  # would turn the signal into an abort: die in a shell without it.
  exec env -u LD_PRELOAD sh -c 'kill -SEGV $$'
  ;;
broken)
  echo "Instruction does not dominate all uses!" >&2
  echo "LLVM ERROR: Broken module found, compilation aborted!" >&2
  exit 1
  ;;
*)
  echo "error: planted failure that is not a diagnostic of ours" >&2
  exit 1
  ;;
esac
