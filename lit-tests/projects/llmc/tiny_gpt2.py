#!/usr/bin/env python3
"""Writes a tiny GPT-2 in llm.c's file formats, for running llm.c's trainers
without downloading GPT-2: the checkpoint (gpt2_124M.bin, the name both
trainers open; version 3, fp32), a tokenizer (gpt2_tokenizer.bin, version 2,
one byte a token, the last one <|endoftext|>) and train/val token files
(dev/data/tinyshakespeare/*.bin). Weights are N(0, 0.02) from a seeded
generator, layernorm scales 1; tokens come from a seeded Markov chain, so
that a model can learn something in a few steps.

With --bf16, the weights are rounded to bfloat16 (to nearest, ties to
even) and also written as the bfloat16 trainer's checkpoint
(gpt2_124M_bf16.bin, version 5: the same header and parameters, each as
bfloat16), so that both files hold the same model. With
--repeat-train-batch, the train tokens repeat with the period of one batch
(B x T): every train batch is the same, in whichever order a trainer takes
them (train_gpt2.cu shuffles its batches, train_gpt2.c does not).

--vocab sets the vocabulary (256 by default, a multiple of 128): the
bfloat16 trainer's fused_classifier_kernel5 needs at least 8192 (with
fewer than 8 x 1024 logits a row its threads start at negative indices
and walk down about 2^31 / 1024 steps before they reach the row).

Usage: tiny_gpt2.py OUTPUT_DIR [--train-batches N] [--val-batches N]
                    [--bf16] [--repeat-train-batch] [--vocab V]
"""
import argparse
import os
import random
import struct

MAX_T, VOCAB, PADDED_VOCAB, LAYERS, HEADS, CHANNELS = 64, 256, 256, 2, 4, 128
BATCH_TOKENS = 4 * 64  # B x T of llm.c's CPU trainer


def parameter_sizes():
    """llm.c's fill_in_parameter_sizes, with whether each is a layernorm
    scale (initialized to 1) or a bias (0)."""
    C, L = CHANNELS, LAYERS
    return [
        (PADDED_VOCAB * C, "w"), (MAX_T * C, "w"), (L * C, "one"),
        (L * C, "zero"), (L * 3 * C * C, "w"), (L * 3 * C, "zero"),
        (L * C * C, "w"), (L * C, "zero"), (L * C, "one"), (L * C, "zero"),
        (L * 4 * C * C, "w"), (L * 4 * C, "zero"), (L * C * 4 * C, "w"),
        (L * C, "zero"), (C, "one"), (C, "zero"),
    ]


def to_bf16_bits(value):
    """The bfloat16 nearest value (ties to even), as its 16 bits."""
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def parameters(rng, bf16):
    """Each parameter tensor's values, in llm.c's order."""
    for count, kind in parameter_sizes():
        if kind == "w":
            values = [rng.gauss(0.0, 0.02) for _ in range(count)]
            if bf16:
                values = [struct.unpack("<f", struct.pack(
                    "<I", to_bf16_bits(v) << 16))[0] for v in values]
        else:
            values = [1.0 if kind == "one" else 0.0] * count
        yield values


def write_checkpoint(path, rng, bf16=False, version=3):
    """Version 3 stores the parameters as float, version 5 as bfloat16."""
    header = [0] * 256
    header[:8] = [20240326, version, MAX_T, VOCAB, LAYERS, HEADS, CHANNELS,
                  PADDED_VOCAB]
    with open(path, "wb") as f:
        f.write(struct.pack("<256i", *header))
        for values in parameters(rng, bf16):
            if version == 5:
                f.write(struct.pack(f"<{len(values)}H",
                                    *map(to_bf16_bits, values)))
            else:
                f.write(struct.pack(f"<{len(values)}f", *values))


def write_tokenizer(path):
    header = [0] * 256
    header[:4] = [20240328, 2, VOCAB, VOCAB - 1]
    with open(path, "wb") as f:
        f.write(struct.pack("<256I", *header))
        for token in range(VOCAB):
            text = bytes([32 + token % 95])
            f.write(struct.pack("<B", len(text)) + text)


def write_tokens(path, count, rng, period=None):
    """A chain in which each token mostly picks among four successors;
    with a period, its first period tokens over and over."""
    successors = [[rng.randrange(VOCAB - 1) for _ in range(4)]
                  for _ in range(VOCAB)]
    token, tokens = 0, []
    for _ in range(period or count):
        tokens.append(token)
        if rng.random() < 0.9:
            token = rng.choice(successors[token])
        else:
            token = rng.randrange(VOCAB - 1)
    tokens = [tokens[i % len(tokens)] for i in range(count)]
    header = [0] * 256
    header[:3] = [20240520, 1, count]
    with open(path, "wb") as f:
        f.write(struct.pack("<256i", *header))
        f.write(struct.pack(f"<{count}H", *tokens))


def main():
    global VOCAB, PADDED_VOCAB
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output")
    parser.add_argument("--train-batches", type=int, default=8)
    parser.add_argument("--val-batches", type=int, default=5)
    parser.add_argument("--bf16", action="store_true")
    parser.add_argument("--repeat-train-batch", action="store_true")
    parser.add_argument("--vocab", type=int, default=256)
    args = parser.parse_args()
    VOCAB = PADDED_VOCAB = args.vocab
    data = os.path.join(args.output, "dev", "data", "tinyshakespeare")
    os.makedirs(data, exist_ok=True)
    write_checkpoint(os.path.join(args.output, "gpt2_124M.bin"),
                     random.Random(1), args.bf16)
    if args.bf16:
        write_checkpoint(os.path.join(args.output, "gpt2_124M_bf16.bin"),
                         random.Random(1), True, 5)
    write_tokenizer(os.path.join(args.output, "gpt2_tokenizer.bin"))
    write_tokens(os.path.join(data, "tiny_shakespeare_train.bin"),
                 args.train_batches * BATCH_TOKENS + 1, random.Random(2),
                 BATCH_TOKENS if args.repeat_train_batch else None)
    write_tokens(os.path.join(data, "tiny_shakespeare_val.bin"),
                 args.val_batches * BATCH_TOKENS + 1, random.Random(3))


if __name__ == "__main__":
    main()
