/*===- NvccOptions.h - nvcc's command line as build systems write it -*- C -*-*
 *
 * What cucc needs to be nvcc to CMake, FindCUDAToolkit and Makefiles:
 * response files (@file) and --options-file, nvcc's long option names,
 * the options of the build (dependency files, -E, -shared, --keep,
 * --dryrun, -Xcompiler and friends, -forward-unknown-to-host-compiler),
 * the flags with no AMD counterpart (accepted, noted with -v), the
 * --version text and the `#$ NAME=value` lines of -v and --dryrun that
 * CMake reads, and dependency files written as nvcc writes them.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_NVCCOPTIONS_H
#define CUCC_NVCCOPTIONS_H

#include "DeviceCompile.h"

#include <stdbool.h>

/* The CUDA release cucc answers for: our headers' CUDART_VERSION 12000
 * and __CUDACC_VER_MAJOR__/MINOR/BUILD (include/crt/host_defines.h). */
#define NVCC_RELEASE_MAJOR 12
#define NVCC_RELEASE_MINOR 0
#define NVCC_RELEASE_BUILD 0

/* nvcc's default GPU architecture in CUDA 12.0 (compute_52), named in
 * cucc's -v output where CMake looks for the architecture it detected. */
#define NVCC_DEFAULT_ARCHITECTURE "52"

typedef enum {
  DependenciesNone,
  DependenciesOnly,        /* -M, -MM: no compile */
  DependenciesWithCompile, /* -MD, -MMD */
} DependencyMode;

typedef struct {
  /* Where -Xcompiler, forwarded options (host compile and link) and
   * -Xlinker (link) go: cucc's lists. */
  const char **HostArgs;
  unsigned *NumHostArgs;
  const char **LinkArgs;
  unsigned *NumLinkArgs;

  bool DryRun;         /* --dryrun: print the steps, run none */
  bool ForwardUnknown; /* -forward-unknown-to-host-compiler */
  bool Preprocess;     /* -E */
  bool Shared;         /* -shared */
  DependencyMode Dependencies;
  bool NonSystemDependencies;   /* -MM, -MMD */
  bool PhonyTargets;            /* -MP */
  const char *DependencyFile;   /* -MF */
  const char *DependencyTarget; /* -MT */
  const char *OutputDirectory;  /* -odir */
  const char *KeepDir;          /* --keep (".") or --keep-dir */
} NvccOptions;

void nvccOptionsInit(NvccOptions *N, const char **HostArgs,
                     unsigned *NumHostArgs, const char **LinkArgs,
                     unsigned *NumLinkArgs);

/* The command line with every @file and --options-file FILE replaced by
 * the options the file holds (split as a shell splits words, quotes and
 * backslashes honoured; files may name more files), and nvcc's long names
 * of the options cucc reads by their short name (--include-path DIR is
 * -I DIR, --output-file F is -o F, ...). The new argv lives until exit. */
void nvccExpandArguments(int *Argc, char ***Argv);

/* Takes argv[*I] (and its value) if it is one of nvcc's options of the
 * build, or one accepted without an AMD counterpart (a note with -v). */
bool nvccTakeOption(NvccOptions *N, int Argc, char **Argv, int *I);

/* nvcc --version's lines (CMake reads the first and the V12.0.0), and a
 * line saying what cucc is. */
void nvccPrintVersion(void);

/* The `#$ NAME=value` lines nvcc -v and --dryrun start with, to stderr:
 * TOP (the directory above the driver's bin/), PATH, INCLUDES with our
 * header directories, LIBRARIES with RuntimeDir, which the link line
 * then contains verbatim. */
void nvccPrintEnvironment(const char *RuntimeDir);

/* Rewrites the make rule clang -M wrote at ClangRule (any target) as nvcc
 * writes it: "Target : source \", one prerequisite a line indented by four
 * spaces, and with -MP an empty rule for each prerequisite but the source;
 * to Output, or standard output if Output is NULL. For -MM, NonSystemRule
 * is clang -MM's rule: the prerequisites are those it lists and our CUDA
 * headers (nvcc -MM lists the toolkit's); else NULL. */
void nvccWriteDependencies(const char *ClangRule, const char *NonSystemRule,
                           const char *Output, const char *Target,
                           bool PhonyTargets);

#endif
