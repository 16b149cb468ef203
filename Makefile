# The two commands of README.md:
#   make demo   - install, build, lower the bundled kernel, show IR and ISA
#   make check  - install, build, run the lit suite (oracle included)
# Both install missing Debian packages first (.ci/install-deps).
#   make bench  - our shuffle lowering against HIP 5.2's (not part of check)

SHELL := /bin/bash
BUILD ?= build
LLVM_BIN := /usr/lib/llvm-22/bin

.PHONY: all deps build check demo bench clean

all: build

deps:
	@bash .ci/install-deps

build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=$(LLVM_BIN)/clang -DCMAKE_CXX_COMPILER=$(LLVM_BIN)/clang++ >/dev/null
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

demo: build
	@bash hip-kernels/demo.sh $(BUILD)

bench: build
	@bash hip-kernels/bench/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD)
