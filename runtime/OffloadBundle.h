/*===- OffloadBundle.h - clang's offload bundle, written and read -*- C -*-===*
 *
 * A program cucc builds carries its device code as clang's offload bundle
 * (the format clang-offload-bundler writes and HIP's fat binaries use), in
 * the .nv_fatbin section where clang's CUDA host compilation puts the GPU
 * binary it is given. Entries are named by offload kind and target:
 *
 *   host-x86_64-unknown-linux-gnu-        empty, as in HIP's fat binaries
 *   hipv4-amdgcn-amd-amdhsa--gfx942       the code object for gfx942
 *   wavesim-amdgcn-amd-amdhsa--gfx942     its optimized LLVM bitcode, what
 *                                         wavesim runs
 *
 * so that `clang-offload-bundler --list --type=o` and `--unbundle` work on
 * the section. (The bitcode has a kind of its own: the bundler takes
 * clang's "hip" kind, HIP's bitcode, for a "hipv4" code object.) The layout:
 * the 24-byte magic "__CLANG_OFFLOAD_BUNDLE__", a little-endian u64 entry
 * count, then for each entry u64 offset (from the start of the bundle), u64
 * size, u64 id length and the id's bytes; the entries' contents follow.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_OFFLOADBUNDLE_H
#define CUCC_OFFLOADBUNDLE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *Id; /* "hipv4-amdgcn-amd-amdhsa--gfx942" */
  const void *Data;
  size_t Bytes;
} BundleEntry;

/* The offload kinds of a processor's entries. */
#define BUNDLE_CODE_OBJECT_KIND "hipv4"
#define BUNDLE_BITCODE_KIND "wavesim"
#define BUNDLE_TRIPLE "amdgcn-amd-amdhsa"
#define BUNDLE_HOST_ID "host-x86_64-unknown-linux-gnu-"

/* Formats "KIND-amdgcn-amd-amdhsa--PROCESSOR" into Id. */
void bundleEntryId(char *Id, size_t Size, const char *Kind,
                   const char *Processor);

/* The processor of an entry id of Kind ("gfx942" of
 * "hip-amdgcn-amd-amdhsa--gfx942"), or NULL if the id is of another kind. */
const char *bundleEntryProcessor(const char *Id, const char *Kind);

/* Writes the entries as a bundle to Path. Returns false on an I/O error. */
bool bundleWrite(const char *Path, const BundleEntry *Entries,
                 unsigned NumEntries);

/* Whether Data starts with the bundle magic. */
bool bundleIsBundle(const void *Data);

/* The number of entries of the bundle at Data, and entry I of it (its Id
 * copied into IdBuffer). A bundle is read from memory the program holds,
 * so sizes are trusted as written. Returns false if I is out of range. */
unsigned bundleNumEntries(const void *Data);
bool bundleEntry(const void *Data, unsigned I, BundleEntry *Entry,
                 char *IdBuffer, size_t IdBufferSize);

/* The first entry of Kind for Processor (for any processor if NULL).
 * Returns false if there is none. */
bool bundleFindEntry(const void *Data, const char *Kind, const char *Processor,
                     BundleEntry *Entry, char *IdBuffer, size_t IdBufferSize);

#endif
