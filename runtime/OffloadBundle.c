/*===- OffloadBundle.c - clang's offload bundle, written and read ---------===*
 *
 * cucc writes the bundle it embeds in a program; the runtime reads it from
 * the program's memory when clang's registration code hands it over.
 *
 *===----------------------------------------------------------------------===*/

#include "OffloadBundle.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char Magic[] = "__CLANG_OFFLOAD_BUNDLE__";
enum { MagicBytes = sizeof(Magic) - 1, EntryAlignment = 4096 };

void bundleEntryId(char *Id, size_t Size, const char *Kind,
                   const char *Processor) {
  snprintf(Id, Size, "%s-%s--%s", Kind, BUNDLE_TRIPLE, Processor);
}

const char *bundleEntryProcessor(const char *Id, const char *Kind) {
  size_t KindLength = strlen(Kind), TripleLength = strlen(BUNDLE_TRIPLE);
  if (strncmp(Id, Kind, KindLength) || Id[KindLength] != '-' ||
      strncmp(Id + KindLength + 1, BUNDLE_TRIPLE, TripleLength) ||
      strncmp(Id + KindLength + 1 + TripleLength, "--", 2))
    return NULL;
  return Id + KindLength + 1 + TripleLength + 2;
}

static bool writeU64(FILE *F, uint64_t Value) {
  unsigned char Bytes[8];
  for (unsigned I = 0; I < 8; ++I)
    Bytes[I] = (unsigned char)(Value >> (8 * I));
  return fwrite(Bytes, 1, 8, F) == 8;
}

static uint64_t readU64(const unsigned char *P) {
  uint64_t Value = 0;
  for (unsigned I = 0; I < 8; ++I)
    Value |= (uint64_t)P[I] << (8 * I);
  return Value;
}

static uint64_t alignUp(uint64_t Value) {
  return (Value + EntryAlignment - 1) / EntryAlignment * EntryAlignment;
}

/* Entries start on 4096-byte boundaries of the bundle, as the bundles
 * clang makes for HIP do. */
bool bundleWrite(const char *Path, const BundleEntry *Entries,
                 unsigned NumEntries) {
  FILE *F = fopen(Path, "wb");
  if (!F)
    return false;
  uint64_t Offset = MagicBytes + 8;
  for (unsigned I = 0; I < NumEntries; ++I)
    Offset += 24 + strlen(Entries[I].Id);
  bool Ok =
      fwrite(Magic, 1, MagicBytes, F) == MagicBytes && writeU64(F, NumEntries);
  uint64_t *Offsets = calloc(NumEntries ? NumEntries : 1, sizeof(uint64_t));
  for (unsigned I = 0; I < NumEntries && Ok; ++I) {
    size_t IdLength = strlen(Entries[I].Id);
    Offset = Entries[I].Bytes ? alignUp(Offset) : Offset;
    Offsets[I] = Offset;
    Ok = writeU64(F, Offset) && writeU64(F, Entries[I].Bytes) &&
         writeU64(F, IdLength) &&
         fwrite(Entries[I].Id, 1, IdLength, F) == IdLength;
    Offset += Entries[I].Bytes;
  }
  for (unsigned I = 0; I < NumEntries && Ok; ++I) {
    if (!Entries[I].Bytes)
      continue;
    Ok = fseek(F, (long)Offsets[I], SEEK_SET) == 0 &&
         fwrite(Entries[I].Data, 1, Entries[I].Bytes, F) == Entries[I].Bytes;
  }
  free(Offsets);
  return fclose(F) == 0 && Ok;
}

bool bundleIsBundle(const void *Data) {
  return Data && !memcmp(Data, Magic, MagicBytes);
}

unsigned bundleNumEntries(const void *Data) {
  return (unsigned)readU64((const unsigned char *)Data + MagicBytes);
}

bool bundleFindEntry(const void *Data, const char *Kind, const char *Processor,
                     BundleEntry *Entry, char *IdBuffer, size_t IdBufferSize) {
  unsigned N = bundleNumEntries(Data);
  for (unsigned I = 0; I < N; ++I) {
    bundleEntry(Data, I, Entry, IdBuffer, IdBufferSize);
    const char *Found = bundleEntryProcessor(Entry->Id, Kind);
    if (Found && (!Processor || !strcmp(Found, Processor)))
      return true;
  }
  return false;
}

bool bundleEntry(const void *Data, unsigned I, BundleEntry *Entry,
                 char *IdBuffer, size_t IdBufferSize) {
  const unsigned char *Bytes = Data;
  if (I >= bundleNumEntries(Data))
    return false;
  const unsigned char *P = Bytes + MagicBytes + 8;
  for (unsigned J = 0; J < I; ++J)
    P += 24 + readU64(P + 16);
  uint64_t IdLength = readU64(P + 16);
  snprintf(IdBuffer, IdBufferSize, "%.*s", (int)IdLength,
           (const char *)(P + 24));
  Entry->Id = IdBuffer;
  Entry->Data = Bytes + readU64(P);
  Entry->Bytes = (size_t)readU64(P + 8);
  return true;
}
