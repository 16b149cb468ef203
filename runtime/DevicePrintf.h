/*===- DevicePrintf.h - CUDA's printf buffer for wavesim ------*- C -*-===*
 *
 * See DevicePrintf.c.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_DEVICEPRINTF_H
#define CUCC_DEVICEPRINTF_H

/* Holds wavesim's device printf and assert messages from now on, until
 * devicePrintfFlush. */
void devicePrintfCapture(void);

/* Writes the messages held so far, in order, to stdout (printf) and stderr
 * (a failed assert's message); called at CUDA's synchronization points. */
void devicePrintfFlush(void);

#endif
