# The two commands of README.md:
#   make demo   - install, build, lower the bundled kernel, show IR and ISA,
#                 build and run a whole CUDA program with cucc
#   make check  - install, build, run the lit suite (oracle included)
# Both install missing Debian packages first (.ci/install-deps).
#   make bench  - our shuffle lowering against HIP 5.2's and rocPRIM 5.3's,
#                 then bench-hip-ports where HECBENCH is set (not part of
#                 check)
#   make bench-hip-ports HECBENCH=<HeCBench checkout> [HIPCUB=<hipCUB
#                 checkout>] - the corpus's HeCBench programs through
#                 cu2hsaco against their HIP ports through AMD's HIP path,
#                 per kernel (skipped without HECBENCH; not part of check)
#   make bench-wavesim - the public corpus on wavesim with one host thread
#                 and with all cores, and single-thread throughput
#                 (BENCH_ONLY=a,b,c for some programs; not part of check)
#   make check-asan - the lit suite on an ASan+UBSan build, valgrind on
#                     the driver (not part of check)
#   make fuzz FUZZ_SECONDS=N - libFuzzer on the instrumented build

SHELL := /bin/bash
BUILD ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
TSAN_BUILD ?= build-tsan
FUZZ_SECONDS ?= 600
LLVM_BIN := /usr/lib/llvm-22/bin
# Every tree is built by LLVM 22's clang (the sanitizers and libFuzzer
# match the LLVM they instrument).
CONFIGURE := cmake -S . -G Ninja -DCMAKE_C_COMPILER=$(LLVM_BIN)/clang \
  -DCMAKE_CXX_COMPILER=$(LLVM_BIN)/clang++

.PHONY: all deps build asan-build check check-asan fuzz demo bench \
  bench-hip-ports bench-wavesim tsan-build clean

all: build

deps:
	@bash .ci/install-deps

# The build README.md gives, word for word (lit-tests/readme checks it).
build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_BUILD_TYPE=Release >/dev/null
	@ninja -C $(BUILD)

# lit's own summary, then the one line CI reads.
check: build
	@set -o pipefail; $(LLVM_BIN)/lit -sv $(BUILD)/lit-tests | tee $(BUILD)/lit.log; \
	status=$$?; \
	awk -F: '/^  Passed/ {p += $$2} /^  (Failed|Unresolved|Timed Out|Unexpectedly Passed)/ {f += $$2} \
	     /^  Unsupported/ {s += $$2} \
	     END {printf "%d passed, %d failed%s\n", p, f, s ? sprintf(", %d skipped", s) : ""}' \
	    $(BUILD)/lit.log; \
	exit $$status

# The whole tree with AddressSanitizer, UndefinedBehaviorSanitizer and
# libFuzzer's coverage; the shared ASan runtime lets the plugin run in opt.
asan-build: deps
	@$(CONFIGURE) -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWARP_SANITIZE=address,undefined -DWARP_FUZZ=ON >/dev/null
	@ninja -C $(ASAN_BUILD)

check-asan: build asan-build
	@bash lit-tests/sanitizers/check-asan.sh $(BUILD) $(ASAN_BUILD)

# libFuzzer's coverage and UBSan without ASan, for speed (ASan's allocator
# costs the harness half its executions); the corpus it leaves is then
# replayed on the ASan build.
fuzz: deps asan-build
	@$(CONFIGURE) -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWARP_SANITIZE=undefined -DWARP_FUZZ=ON >/dev/null
	@ninja -C $(FUZZ_BUILD) fuzz-warp-ir
	@bash lit-tests/fuzz/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(ASAN_BUILD)

demo: build
	@bash hip-kernels/demo.sh $(BUILD)

bench: build
	@bash hip-kernels/bench/bench.sh $(BUILD)
	@python3 hip-kernels/bench/gemm-metrics.py --build $(BUILD)
	@$(HIP_PORTS)

CORPUS ?= ../shared/corpus
HECBENCH ?=
HIPCUB ?=
HIP_PORTS = python3 hip-kernels/bench/hip_ports.py --hecbench "$(HECBENCH)" \
  --hipcub "$(HIPCUB)" --corpus $(CORPUS) --build $(BUILD)
bench-hip-ports: build
	@$(HIP_PORTS)

BENCH_ONLY ?=
bench-wavesim: build
	@python3 wavesim/bench/bench-wavesim.py --corpus $(CORPUS) \
	  --cucc $(abspath $(BUILD))/bin/cucc --work /tmp/bench-wavesim \
	  $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

# wavesim and the runtime under ThreadSanitizer (the pool's threads, the
# printf buffers, the asynchronous streams): lit-tests/wavesim-pool and
# others run on it by hand, e.g.
#   lit -sv build-tsan/lit-tests/wavesim-pool
tsan-build: deps
	@$(CONFIGURE) -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWARP_SANITIZE=thread >/dev/null
	@ninja -C $(TSAN_BUILD) wavesim cucc cu2hsaco cucc_cudart

clean:
	rm -rf $(BUILD)
