# lit configuration for the NVVM warp lowering. Run through the build's
# lit.site.cfg.py (make check does), which supplies the paths used here.
import os
import shutil

import lit.formats

config.name = "NVVMWarpToAMDGPU"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".cu"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.warp_build_dir, "lit-tests")
# Sources of tools and programs that run elsewhere, not tests.
config.excludes = ["Inputs", "nvidia", "tools"]

# LLVM 22's tools (opt, llc, FileCheck, not, clang) come first on PATH.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.warp_bin_dir, config.environment.get("PATH", "")])

config.substitutions.append(("%plugin", config.warp_plugin))
config.substitutions.append(
    ("%opt-warp", f"opt -load-pass-plugin={config.warp_plugin}"))
config.substitutions.append(("%src", config.warp_source_dir))
config.substitutions.append(("%builddir", config.warp_build_dir))
config.substitutions.append(("%python", "python3"))
config.substitutions.append(
    ("%llvm-include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))

# CMake (tests of cucc as CMake's CUDA compiler say REQUIRES: cmake).
if shutil.which("cmake"):
    config.available_features.add("cmake")

# tgemu, the ISA-level emulator that runs code objects (CMake's
# WARP_TGEMU_DIR); tests that need it say REQUIRES: tgemu and use %tgemu.
config.warp_tgemu_dir = getattr(config, "warp_tgemu_dir", "")
if config.warp_tgemu_dir and os.path.isfile(
        os.path.join(config.warp_tgemu_dir, "run_hsaco.py")):
    config.available_features.add("tgemu")
config.substitutions.append(("%tgemu", config.warp_tgemu_dir))

# The public corpus of CUDA programs (CMake's WARP_CORPUS_DIR); tests that
# need it say REQUIRES: public-corpus and use %corpus.
config.warp_corpus_dir = getattr(config, "warp_corpus_dir", "")
if config.warp_corpus_dir and os.path.isfile(
        os.path.join(config.warp_corpus_dir, "manifest.tsv")):
    config.available_features.add("public-corpus")
else:
    lit_config.note("../shared/corpus not found: the public corpus "
                    "(lit-tests/public-corpus) is UNSUPPORTED")
config.substitutions.append(("%corpus", config.warp_corpus_dir))

# An llm.c checkout (github.com/karpathy/llm.c), named by the environment's
# CUCC_LLMC_CHECKOUT; tests that need it say REQUIRES: llmc and use %llmc.
llmc_checkout = os.environ.get("CUCC_LLMC_CHECKOUT", "")
if llmc_checkout and os.path.isfile(
        os.path.join(llmc_checkout, "train_gpt2_fp32.cu")):
    config.available_features.add("llmc")
config.substitutions.append(("%llmc", llmc_checkout))

# A sanitizer build (make check-asan): every process of a test runs with the
# shared ASan runtime preloaded, so that the instrumented plugin also loads
# into the uninstrumented opt and clang. A report aborts its process (so that
# `not` cannot hide it) and is also written to a file of its own under
# build/sanitizer-reports (named after the program and its pid), which make
# check-asan counts. Leaks of the system's programs are suppressed
# (sanitizers/lsan.supp).
if config.warp_asan_runtime:
    config.available_features.add("asan")
    config.substitutions.append(
        ("%{asan-dir}", os.path.dirname(config.warp_asan_runtime)))
    reports = os.path.join(config.warp_build_dir, "sanitizer-reports")
    os.makedirs(reports, exist_ok=True)
    config.environment["LD_PRELOAD"] = config.warp_asan_runtime
    config.environment["ASAN_OPTIONS"] = ":".join([
        "abort_on_error=1", "detect_leaks=1", "log_exe_name=1",
        "log_path=" + os.path.join(reports, "asan")])
    config.environment["LSAN_OPTIONS"] = ":".join([
        "print_suppressions=0",
        "suppressions=" + os.path.join(config.warp_source_dir, "lit-tests",
                                       "sanitizers", "lsan.supp")])
    config.environment["UBSAN_OPTIONS"] = ":".join([
        "print_stacktrace=1", "halt_on_error=1", "abort_on_error=1",
        "log_exe_name=1", "log_path=" + os.path.join(reports, "ubsan")])

# The host tools of build systems a toolkit is used from (lit-tests/toolkit/):
# tests that need one say REQUIRES: cmake or REQUIRES: gxx (GNU's g++, which
# links with GNU ld).
import shutil
if shutil.which("cmake"):
    config.available_features.add("cmake")
if shutil.which("g++"):
    config.available_features.add("gxx")
# The tests' PATH, for those that put a directory before it.
config.substitutions.append(("%{path}", config.environment["PATH"]))
