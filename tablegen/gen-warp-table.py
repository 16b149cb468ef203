#!/usr/bin/env python3
"""Turn llvm-tblgen's JSON dump of WarpPatterns.td into the C pattern tables.

Checks, before writing anything:
  * every pattern's declared shape (shuffle: member mask, value type,
    predicate; primitive: results and parameters) equals the signature LLVM
    gives its intrinsic record, and a shuffle's mode is the one the record's
    name spells;
  * every intrinsic record LLVM defines under a covered prefix has exactly one
    pattern, so a new LLVM intrinsic cannot slip through unlowered;
Errors name the record (or the asm) and exit non-zero, failing the build.
"""

import argparse
import json
import sys

# Intrinsic record prefixes the pass promises to cover completely.
COVERED_PREFIXES = ("int_nvvm_shfl_", "int_nvvm_vote_", "int_nvvm_match_",
                    "int_nvvm_redux_", "int_nvvm_activemask",
                    "int_nvvm_bar_warp_sync", "int_nvvm_elect_")

VALUE_TYPES = {"llvm_i32_ty": "WarpValueI32", "llvm_float_ty": "WarpValueF32"}


def llvm_name(record_name, record):
    """The IR name of an intrinsic record, as LLVM's IntrinsicEmitter forms it."""
    if record.get("LLVMName"):
        return record["LLVMName"]
    return "llvm." + record_name[len("int_"):].replace("_", ".")


def type_names(type_list):
    return [t["def"] for t in type_list]


def check_pattern(pattern, record_name, record):
    """Returns a list of complaints about one pattern, empty when it fits."""
    value_ty = pattern["ValueType"]["def"]
    params = (["llvm_i32_ty"] if pattern["HasMemberMask"] else []) + [
        value_ty, "llvm_i32_ty", "llvm_i32_ty"]
    rets = [value_ty] + (["llvm_i1_ty"] if pattern["ReturnsPredicate"] else [])
    problems = []
    if value_ty not in VALUE_TYPES:
        problems.append(f"unsupported value type {value_ty}")
    if type_names(record["ParamTypes"]) != params:
        problems.append(f"declared operands {params} but LLVM has "
                        f"{type_names(record['ParamTypes'])}")
    if type_names(record["RetTypes"]) != rets:
        problems.append(f"declared results {rets} but LLVM has "
                        f"{type_names(record['RetTypes'])}")
    mode = pattern["Mode"]["def"][len("Shfl"):].lower()
    if f"_{mode}_" not in record_name:
        problems.append(f"declared mode '{mode}' does not match the record name")
    return problems


def check_primitive(pattern, record):
    """Returns a list of complaints about one primitive pattern."""
    problems = []
    for field, key in (("Results", "RetTypes"), ("Params", "ParamTypes")):
        declared = type_names(pattern[field])
        actual = type_names(record[key])
        if declared != actual:
            problems.append(f"declared {field.lower()} {declared} but LLVM has "
                            f"{actual}")
    num_params = len(record["ParamTypes"])
    for field in ("MaskOperand", "ValueOperand"):
        if not -1 <= pattern[field] < num_params:
            problems.append(f"{field} {pattern[field]} is not an operand")
    return problems


# The LLVM type each inline asm constraint letter gives an operand; an i1
# parameter takes an "r" operand (compared with 0, as setp.ne does).
def check_fast_shuffle(pattern):
    problems = []
    if not 0 <= pattern["MinParam"] <= pattern["MaxParam"] <= 31:
        problems.append(f"parameter range [{pattern['MinParam']}, "
                        f"{pattern['MaxParam']}] is not within 0..31")
    for width in pattern["Widths"]:
        if width not in (1, 2, 4, 8, 16, 32):
            problems.append(f"width {width} is not a power of two up to 32")
    if not pattern["Targets"]:
        problems.append("no target")
    return problems


def definition_order(anon_name):
    """llvm-tblgen numbers anonymous records in the order they are defined."""
    return int(anon_name.rsplit("_", 1)[1])


def c_bool(value):
    return "true" if value else "false"


def enumerator(records, field):
    return records[field["def"]]["Enumerator"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("json", help="llvm-tblgen --dump-json output")
    parser.add_argument("-o", dest="output", required=True)
    args = parser.parse_args()

    with open(args.json) as f:
        records = json.load(f)

    errors = []
    covered = {}

    def cover(record_name):
        if record_name in covered:
            errors.append(f"intrinsic record '{record_name}' has two patterns")
        covered[record_name] = True
        return records[record_name]

    shuffles = []
    for anon in records["!instanceof"].get("WarpShuffle", []):
        pattern = records[anon]
        record_name = pattern["Intr"]["def"]
        record = cover(record_name)
        for problem in check_pattern(pattern, record_name, record):
            errors.append(f"pattern for intrinsic record '{record_name}': {problem}")
        shuffles.append((llvm_name(record_name, record), record_name,
                         pattern["Mode"]["def"],
                         VALUE_TYPES.get(pattern["ValueType"]["def"], "?"),
                         c_bool(pattern["HasMemberMask"]),
                         c_bool(pattern["ReturnsPredicate"]),
                         enumerator(records, pattern["Lowering"])))

    primitives = []
    for anon in records["!instanceof"].get("WarpPrimitive", []):
        pattern = records[anon]
        record_name = pattern["Intr"]["def"]
        record = cover(record_name)
        for problem in check_primitive(pattern, record):
            errors.append(f"pattern for intrinsic record '{record_name}': {problem}")
        primitives.append((llvm_name(record_name, record), record_name,
                           enumerator(records, pattern["Kind"]),
                           str(pattern["MaskOperand"]),
                           str(pattern["ValueOperand"]),
                           enumerator(records, pattern["Op"]),
                           c_bool(pattern["Abs"]),
                           c_bool(pattern["PropagateNaN"])))

    fast_shuffles = []
    for anon in sorted(records["!instanceof"].get("FastShuffle", []),
                       key=definition_order):
        pattern = records[anon]
        for problem in check_fast_shuffle(pattern):
            errors.append(f"fast shuffle {anon} "
                          f"({pattern['Movement']['def']}): {problem}")
        widths = sum(width for width in pattern["Widths"])
        targets = " | ".join(enumerator(records, t) for t in pattern["Targets"])
        fast_shuffles.append((enumerator(records, pattern["Map"]),
                              str(pattern["MinParam"]), str(pattern["MaxParam"]),
                              f"0x{widths:02x}", targets,
                              enumerator(records, pattern["Movement"])))

    for record_name in sorted(records["!instanceof"]["Intrinsic"]):
        if record_name.startswith(COVERED_PREFIXES) and record_name not in covered:
            errors.append(f"intrinsic record '{record_name}' "
                          f"({llvm_name(record_name, records[record_name])}) "
                          "has no pattern in tablegen/WarpPatterns.td")

    if errors:
        for error in errors:
            print(f"gen-warp-table: error: {error}", file=sys.stderr)
        sys.exit(1)

    def quote(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def write_table(out, row_type, table_name, rows, quoted_columns):
        out.write(f"static const {row_type} {table_name}[] = {{\n")
        for row in sorted(rows):
            cells = [quote(c) if i < quoted_columns else c
                     for i, c in enumerate(row)]
            out.write(f"    {{{', '.join(cells)}}},\n")
        out.write("};\n")

    with open(args.output, "w") as out:
        out.write("/* Generated by tablegen/gen-warp-table.py from "
                  "tablegen/WarpPatterns.td. Do not edit. */\n")
        write_table(out, "WarpShufflePattern", "WarpShufflePatternTable",
                    shuffles, 2)
        write_table(out, "WarpPrimitivePattern", "WarpPrimitivePatternTable",
                    primitives, 2)
        out.write("/* In definition order: the first that fits is taken. */\n")
        out.write("static const WarpFastShuffle WarpFastShuffleTable[] = {\n")
        for row in fast_shuffles:
            out.write(f"    {{{', '.join(row)}}},\n")
        out.write("};\n")


if __name__ == "__main__":
    main()
