/*===- Diagnostics.c - Errors that name the function and call --------------===*
 *
 * Messages read
 *   [<pass>: ][file:line:column: ]in function 'f': '<instruction>': <subject>:
 *   <problem>
 * the source position coming from the instruction's debug location, when it
 * has one (cu2hsaco compiles with line tables for this). They go to the
 * handler the caller gave (the plugin forwards them to
 * LLVMContext::emitError, so opt and clang print them as errors).
 *
 *===----------------------------------------------------------------------===*/

#include "support/Diagnostics.h"

#include <llvm-c/Core.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The instruction or global User is, or, when User is a constant
 * expression, the first instruction or global that uses it (through any
 * depth of constants); NULL for a constant that nothing uses. */
static LLVMValueRef findAnchor(LLVMValueRef User) {
  while (User && !LLVMIsAInstruction(User) && !LLVMIsAGlobalValue(User)) {
    LLVMUseRef Use = LLVMGetFirstUse(User);
    User = Use ? LLVMGetUser(Use) : NULL;
  }
  return User;
}

/* "in function 'f'" (after "file:line:column: " when User has a debug
 * location), "in global 'g'", or "outside any function" for a constant
 * that nothing uses. */
static char *describeLocation(LLVMValueRef User) {
  const char *Name = NULL;
  size_t Length = 0;
  const char *Kind = "function";
  if (LLVMIsAInstruction(User)) {
    LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(User));
    Name = LLVMGetValueName2(F, &Length);
  } else if (LLVMIsAGlobalValue(User)) {
    Kind = LLVMIsAFunction(User) ? "function" : "global";
    Name = LLVMGetValueName2(User, &Length);
  }
  if (!Name)
    return strdup("outside any function");
  unsigned FileLength = 0;
  const char *File = LLVMIsAInstruction(User)
                         ? LLVMGetDebugLocFilename(User, &FileLength)
                         : NULL;
  char Position[64] = "";
  if (File && FileLength)
    snprintf(Position, sizeof(Position), ":%u:%u: ", LLVMGetDebugLocLine(User),
             LLVMGetDebugLocColumn(User));
  else
    FileLength = 0;
  size_t Size = FileLength + sizeof(Position) + Length + strlen(Kind) + 8;
  char *Text = malloc(Size);
  snprintf(Text, Size, "%.*s%sin %s '%.*s'", (int)FileLength,
           FileLength ? File : "", Position, Kind, (int)Length, Name);
  return Text;
}

/* The printed user's first line (a function's "define" line, after the
 * comments that may come before it), trimmed of leading blanks. */
static char *describeUser(LLVMValueRef User) {
  char *Printed = LLVMPrintValueToString(User);
  const char *Start = Printed;
  while (*Start == ';' && strchr(Start, '\n'))
    Start = strchr(Start, '\n') + 1;
  while (*Start == ' ')
    ++Start;
  char *Text = strdup(Start);
  LLVMDisposeMessage(Printed);
  char *Newline = strchr(Text, '\n');
  if (Newline)
    *Newline = '\0';
  /* Metadata attachments (", !dbg !16") say nothing to the reader. */
  char *Attachments = strstr(Text, ", !");
  if (Attachments)
    *Attachments = '\0';
  return Text;
}

void warpReportUse(WarpDiagnostics *Diags, LLVMValueRef User,
                   const char *Subject, const char *Problem, ...) {
  char Detail[512];
  va_list Args;
  va_start(Args, Problem);
  vsnprintf(Detail, sizeof(Detail), Problem, Args);
  va_end(Args);

  LLVMValueRef Anchor = findAnchor(User);
  char *Location = describeLocation(Anchor ? Anchor : User);
  char *Printed = describeUser(Anchor ? Anchor : User);
  size_t Size = strlen(Diags->PassName) + strlen(Location) + strlen(Printed) +
                strlen(Subject) + strlen(Detail) + 16;
  char *Message = malloc(Size);
  snprintf(Message, Size, "%s%s%s: '%s': %s: %s", Diags->PassName,
           *Diags->PassName ? ": " : "", Location, Printed, Subject, Detail);

  ++Diags->NumErrors;
  if (Diags->Handler)
    Diags->Handler(Diags->HandlerContext, Message);
  else
    fprintf(stderr, "error: %s\n", Message);
  free(Message);
  free(Printed);
  free(Location);
}
