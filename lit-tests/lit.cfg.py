# lit configuration for the NVVM warp lowering. Run through the build's
# lit.site.cfg.py (make check does), which supplies the paths used here.
import os

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
config.substitutions.append(("%python", "python3"))
config.substitutions.append(
    ("%llvm-include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))
