#!/usr/bin/env python3
"""Checks the HIP backend's map of HIP error codes to CUDA's.

Every enumerator of HIP 5.2's hipError_t (read from the installed
hip_runtime_api.h) and the codes HIP 6 numbers anew (from HIP 6's header)
is mapped by the program given (Inputs/hip_error_codes.c); the CUDA code
it yields must be the one whose name, in the H100's table of CUDA's codes
(lit-tests/oracle/nvidia/programs/expected.runtime_api_probe.txt), is the
HIP name with "hip" for "cuda", or its counterpart named below where HIP
and CUDA name the same error differently; HIP's codes with no CUDA
counterpart must become cudaErrorUnknown. Prints one line per mismatch and
exits 1 if there is any.

Usage: check-hip-codes.py PROGRAM HIP_HEADER CUDA_TABLE
"""
import re
import subprocess
import sys

# HIP's name -> CUDA's, where they differ.
COUNTERPARTS = {
    "hipErrorOutOfMemory": "cudaErrorMemoryAllocation",
    "hipErrorNotInitialized": "cudaErrorInitializationError",
    "hipErrorDeinitialized": "cudaErrorCudartUnloading",
    "hipErrorInvalidImage": "cudaErrorInvalidKernelImage",
    "hipErrorInvalidContext": "cudaErrorDeviceUninitialized",
    "hipErrorMapFailed": "cudaErrorMapBufferObjectFailed",
    "hipErrorUnmapFailed": "cudaErrorUnmapBufferObjectFailed",
    "hipErrorNoBinaryForGpu": "cudaErrorNoKernelImageForDevice",
    "hipErrorECCNotCorrectable": "cudaErrorECCUncorrectable",
    "hipErrorContextAlreadyInUse": "cudaErrorDeviceAlreadyInUse",
    "hipErrorInvalidKernelFile": "cudaErrorInvalidPtx",
    "hipErrorInvalidHandle": "cudaErrorInvalidResourceHandle",
    "hipErrorNotFound": "cudaErrorSymbolNotFound",
    "hipErrorLaunchTimeOut": "cudaErrorLaunchTimeout",
    # No CUDA counterpart.
    "hipErrorContextAlreadyCurrent": "cudaErrorUnknown",
    "hipErrorRuntimeMemory": "cudaErrorUnknown",
    "hipErrorRuntimeOther": "cudaErrorUnknown",
    "hipErrorTbd": "cudaErrorUnknown",
}

# HIP 6's hip_runtime_api.h numbers these anew (911 and 912 are CUDA's
# cudaErrorExternalDevice and cudaErrorInvalidClusterSize).
HIP6 = {
    "hipErrorInvalidChannelDescriptor": 911,
    "hipErrorInvalidTexture": 912,
    "hipErrorInvalidClusterSize": 1054,
}


def main():
    program, header, table = sys.argv[1:4]
    hip = {}
    for name, value in re.findall(r"\b(hipError\w+)\s*=\s*(\d+)",
                                  open(header).read()):
        hip.setdefault(name, int(value))
    hip.pop("hipErrorTbd", None)  # "= 1054" only in HIP 6; 5.2's has none
    hip.update(HIP6)
    cuda = {}
    for line in open(table):
        match = re.match(r"(\d+) (cuda\w+) ", line)
        if match:
            cuda[int(match.group(1))] = match.group(2)
    output = subprocess.run([program] + [str(v) for v in hip.values()],
                            capture_output=True, text=True,
                            check=True).stdout
    mapped = dict(map(int, line.split()) for line in output.splitlines())
    failures = 0
    for name, value in sorted(hip.items(), key=lambda item: item[1]):
        wanted = COUNTERPARTS.get(name, "cuda" + name[len("hip"):])
        got = cuda.get(mapped[value], "code %d" % mapped[value])
        if got != wanted:
            print("%s (%d) -> %s, expected %s" % (name, value, got, wanted))
            failures += 1
    print("%d HIP codes checked, %d mismatches" % (len(hip), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
