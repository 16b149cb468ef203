"""The shape of a make dependency file, to compare cucc's with nvcc's.

    depfile-shape.py [--head N | --tail N] < FILE
    depfile-shape.py --nvcc SECTION NVCC_FILE

Prints the rule's lines with every header path replaced by HEADER and runs
of equal lines kept once: what nvcc's layout is (the target and the source
as written, " : ", one prerequisite a line indented by four spaces, a
backslash ending every line but the last, -MP's empty rules after a blank
line) without the headers, which are nvcc's in one and ours in the other.
--head and --tail cut the file as gt.sh cut nvcc's output; --nvcc prints
the shape of the section of nvcc-dependencies.txt that SECTION names.
"""
import re
import sys


def shape(lines):
    mapped = []
    for line in lines:
        rule = re.match(r"^(\S+) : (\S+)( \\)?$", line)
        if rule:
            line = f"{rule.group(1)} : {rule.group(2)}{rule.group(3) or ''}"
        else:
            line = re.sub(r"^    \S+( \\)?$", r"    HEADER\1", line)
            line = re.sub(r"^\S+:$", "HEADER:", line)
        mapped.append(line)
    # Units: a line, or -MP's blank line and empty rule; runs of equal
    # units are kept once.
    units, I = [], 0
    while I < len(mapped):
        if mapped[I] == "" and mapped[I + 1:I + 2] == ["HEADER:"]:
            unit, I = "\nHEADER:", I + 2
        else:
            unit, I = mapped[I], I + 1
        if not units or units[-1] != unit:
            units.append(unit)
    return units


def nvcc_section(name, path):
    lines, taking = [], False
    for line in open(path).read().split("\n"):
        if line.startswith("== "):
            taking = line[3:] == name
        elif taking:
            lines.append(line)
    if not lines:
        sys.exit(f"no section '{name}' in {path}")
    return lines


def main():
    args = sys.argv[1:]
    if args[:1] == ["--nvcc"]:
        lines = nvcc_section(args[1], args[2])
        while lines and lines[-1] == "":
            lines.pop()
    else:
        lines = sys.stdin.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if args[:1] == ["--head"]:
            lines = lines[:int(args[1])]
        elif args[:1] == ["--tail"]:
            lines = lines[-int(args[1]):]
    print("\n".join(shape(lines)))


main()
