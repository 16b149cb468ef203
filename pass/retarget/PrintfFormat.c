/*===- PrintfFormat.c - CUDA's device printf format, parsed ---------------===*
 *
 * See PrintfFormat.h. Compiled into the pass library and into wavesim, so
 * that the pass's decoding of CUDA's vprintf buffer and wavesim's
 * formatting read a format the same way.
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/PrintfFormat.h"

#include <string.h>

static bool isDigit(char C) { return C >= '0' && C <= '9'; }

/* Digits at Format[*Pos], as an int (saturating); advances *Pos. */
static int readNumber(const char *Format, size_t Length, size_t *Pos) {
  int Value = 0;
  while (*Pos < Length && isDigit(Format[*Pos])) {
    if (Value < 100000000)
      Value = Value * 10 + (Format[*Pos] - '0');
    ++*Pos;
  }
  return Value;
}

/* Width or precision: '*' or digits. Returns the number, or -1 for none. */
static int readField(const char *Format, size_t Length, size_t *Pos,
                     bool *Star) {
  *Star = false;
  if (*Pos < Length && Format[*Pos] == '*') {
    *Star = true;
    ++*Pos;
    return -1;
  }
  if (*Pos < Length && isDigit(Format[*Pos]))
    return readNumber(Format, Length, Pos);
  return -1;
}

static void readSize(const char *Format, size_t Length, size_t *Pos,
                     PrintfSpec *Spec) {
  char Letter = *Pos < Length ? Format[*Pos] : 0;
  if (Letter != 'h' && Letter != 'l')
    return;
  unsigned Count = 1;
  ++*Pos;
  if (*Pos < Length && Format[*Pos] == Letter) {
    Count = 2;
    ++*Pos;
  }
  if (Letter == 'h')
    Spec->Shorts = Count;
  else
    Spec->Longs = Count;
}

bool printfNextSpec(const char *Format, size_t Length, size_t Pos,
                    PrintfSpec *Spec) {
  const char *Percent = memchr(Format + Pos, '%', Length - Pos);
  if (!Percent)
    return false;
  memset(Spec, 0, sizeof(*Spec));
  Spec->Start = (size_t)(Percent - Format);
  size_t At = Spec->Start + 1;
  unsigned NumFlags = 0;
  while (At < Length && strchr("-+ #0", Format[At]) && Format[At]) {
    if (NumFlags + 1 < sizeof(Spec->Flags))
      Spec->Flags[NumFlags++] = Format[At];
    ++At;
  }
  Spec->Width = readField(Format, Length, &At, &Spec->StarWidth);
  Spec->Precision = -1;
  if (At < Length && Format[At] == '.') {
    ++At;
    Spec->Precision = readField(Format, Length, &At, &Spec->StarPrecision);
    if (Spec->Precision < 0 && !Spec->StarPrecision)
      Spec->Precision = 0; /* "%.f": precision 0 */
  }
  readSize(Format, Length, &At, Spec);
  char Letter = At < Length ? Format[At] : 0;
  if (Letter && strchr("diuxXocspfFeEgGaA%", Letter))
    Spec->Conversion = Letter;
  else
    Spec->StarWidth = Spec->StarPrecision = false; /* text: no arguments */
  Spec->End = At < Length ? At + 1 : Length;
  return true;
}

PrintfArgKind printfValueKind(const PrintfSpec *Spec) {
  switch (Spec->Conversion) {
  case 'd':
  case 'i':
  case 'u':
  case 'x':
  case 'X':
  case 'o':
    return Spec->Longs ? PrintfArgLong : PrintfArgInt;
  case 'c':
    return PrintfArgInt;
  case 's':
    return PrintfArgString;
  case 'p':
    return PrintfArgPointer;
  case 'f':
  case 'F':
  case 'e':
  case 'E':
  case 'g':
  case 'G':
  case 'a':
  case 'A':
    return PrintfArgDouble;
  default:
    return PrintfArgNone;
  }
}

unsigned printfArgBytes(PrintfArgKind Kind) {
  switch (Kind) {
  case PrintfArgNone:
    return 0;
  case PrintfArgInt:
    return 4;
  default:
    return 8;
  }
}
