#!/usr/bin/env python3
"""Turn llvm-tblgen's JSON dump of PtxInstructions.td into the C form table.

Checks, before writing anything:
  * every form has a recipe (pass/ptx/PtxRecipes*.c defines ptxLower<Name>;
    a recipe named but not written fails the link, naming it);
  * its minimum operand count is within its operand list, and its type
    slots are known PTX types;
  * a warp form feeds every parameter of its NVVM intrinsic record from an
    operand of the right kind (an i1 parameter from a predicate operand),
    and names an operand for its result when the intrinsic has one.
Errors name the form and exit non-zero, failing the build.
"""

import argparse
import json
import sys

PTX_TYPES = {"b8", "b16", "b32", "b64", "s8", "s16", "s32", "s64", "u8", "u16",
             "u32", "u64", "f16", "f32", "f64", "pred"}
MAX_MODIFIER_GROUPS = 8
MAX_OPERANDS = 6


def definition_order(name):
    """llvm-tblgen numbers anonymous records in the order they are defined;
    named ones (only in tests) follow, by name."""
    if name.startswith("anonymous_"):
        return (0, int(name.rsplit("_", 1)[1]), "")
    return (1, 0, name)


def llvm_name(record_name, record):
    """The IR name of an intrinsic record, as LLVM's IntrinsicEmitter forms it."""
    if record.get("LLVMName"):
        return record["LLVMName"]
    return "llvm." + record_name[len("int_"):].replace("_", ".")


def describe(form):
    return f"form '{form['Opcode']}' ({form['!name']})"


def check_form(form, records):
    problems = []
    if form["Recipe"] is None:
        problems.append("has no recipe")
    operands = [records[o["def"]]["Enumerator"] for o in form["Operands"]]
    if len(operands) > MAX_OPERANDS:
        problems.append(f"has more than {MAX_OPERANDS} operands")
    if not 0 <= form["MinOperands"] <= len(operands):
        problems.append("minimum operand count outside its operand list")
    if len(form["TypeSlots"]) > 2:
        problems.append("has more than two type slots")
    for slot in form["TypeSlots"]:
        for ty in slot:
            if ty not in PTX_TYPES:
                problems.append(f"unknown type '{ty}'")
    if len(form["Modifiers"]) > MAX_MODIFIER_GROUPS:
        problems.append(f"has more than {MAX_MODIFIER_GROUPS} modifier groups")
    intr = form["Intr"]
    if intr is not None:
        record = records[intr["def"]]
        params = [t["def"] for t in record["ParamTypes"]]
        rets = [t["def"] for t in record["RetTypes"]]
        if len(params) != len(form["Params"]):
            problems.append(f"feeds {len(form['Params'])} parameters but "
                            f"{intr['def']} has {len(params)}")
        for param, index in zip(params, form["Params"]):
            if not 0 <= index < len(operands):
                problems.append(f"parameter from operand {index}, which it lacks")
                continue
            want = "PtxPredicateSource" if param == "llvm_i1_ty" else "PtxSource"
            if operands[index] != want:
                problems.append(f"operand {index} feeds a {param} parameter "
                                f"but is {operands[index]}")
        if rets and (not operands or operands[0] not in
                     ("PtxDest", "PtxDestOrPair")):
            problems.append(f"{intr['def']} returns a value but operand 0 "
                            "is not a destination")
        if len(rets) == 2 and operands[0] != "PtxDestOrPair":
            problems.append(f"{intr['def']} returns a predicate too: operand 0 "
                            "must be PtxDestOrPair")
    return problems


def c_string(text):
    return '"' + text + '"' if text is not None else "NULL"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("json", help="llvm-tblgen --dump-json output")
    parser.add_argument("-o", dest="output", required=True)
    args = parser.parse_args()

    with open(args.json) as f:
        records = json.load(f)

    errors = []
    rows = []
    recipes = set()
    for anon in sorted(records["!instanceof"].get("PtxForm", []),
                       key=definition_order):
        form = records[anon]
        for problem in check_form(form, records):
            errors.append(f"{describe(form)}: {problem}")
        if errors:
            continue
        recipe = records[form["Recipe"]["def"]]["Function"]
        recipes.add(recipe)
        slots = [" ".join(slot) for slot in form["TypeSlots"]]
        slots += [None] * (2 - len(slots))
        mods = []
        for group in form["Modifiers"]:
            record = records[group["def"]]
            mods.append(("!" if record["Required"] else "")
                        + " ".join(record["Options"]))
        operands = [records[o["def"]]["Enumerator"] for o in form["Operands"]]
        intr = form["Intr"]
        intr_name = llvm_name(intr["def"], records[intr["def"]]) if intr else None
        params = form["Params"] + [0] * (4 - len(form["Params"]))
        rows.append(
            f"    {{{c_string(form['Opcode'])}, "
            f"{{{', '.join(c_string(s) for s in slots)}}}, "
            f"{{{', '.join(c_string(m) for m in mods) or 'NULL'}}}, "
            f"{{{', '.join(operands) or '0'}}}, "
            f"{form['MinOperands']}, {len(operands)}, {recipe}, "
            f"{c_string(intr_name)}, "
            f"{{{', '.join(map(str, params))}}}, {len(form['Params'])}}},")

    if errors:
        for error in errors:
            print(f"gen-ptx-forms: error: {error}", file=sys.stderr)
        sys.exit(1)

    with open(args.output, "w") as out:
        out.write("/* Generated by tablegen/gen-ptx-forms.py from "
                  "tablegen/PtxInstructions.td. Do not edit. */\n")
        for recipe in sorted(recipes):
            out.write(f"bool {recipe}(PtxLowering *L);\n")
        out.write("/* In definition order: the first that fits is taken. */\n")
        out.write("static const PtxForm PtxFormTable[] = {\n")
        out.write("\n".join(rows) + "\n};\n")


if __name__ == "__main__":
    main()
