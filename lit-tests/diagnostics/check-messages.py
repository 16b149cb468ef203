#!/usr/bin/env python3
"""Checks that every diagnostic the pass can emit is pinned by a lit test
and listed in the documentation.

The messages are the string literals of the .c files under pass/, in any
folder (adjacent literals joined, comments removed) that contain a space
and are longer than 20 characters:
every such literal in the pass is a diagnostic. For each, the longest part
between its printf conversions must appear verbatim on a FileCheck line
(a FileCheck prefix followed by ':', not a RUN line) of some test under
TESTS, and in at least one of the DOCs (README.md, docs/inline-ptx.md, ...).
Prints one line per message (NO-README: in none of the DOCs) and exits 1
if any is missing from either.

usage: check-messages.py PASS_DIR TESTS_DIR DOC [DOC...]
"""

import os
import re
import sys

LITERAL_RUN = re.compile(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+')
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
CONVERSION = re.compile(r"%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[a-z]+")
CHECK_LINE = re.compile(r"[A-Z0-9_-]+(?:-[A-Z]+)?:")
TEST_SUFFIXES = (".ll", ".test", ".cu")


def pass_messages(pass_dir):
    messages = []
    for root, dirs, files in os.walk(pass_dir):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".c"):
                messages += file_messages(pass_dir, os.path.join(root, name))
    return messages


def file_messages(pass_dir, path):
    messages = []
    name = os.path.relpath(path, pass_dir)
    with open(path) as f:
        source = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    for run in LITERAL_RUN.findall(source):
        text = "".join(LITERAL.findall(run)).replace("\\'", "'")
        if " " in text and len(text) > 20:
            messages.append((name, text))
    return messages


def fixed_part(message):
    """The longest run of the message between printf conversions."""
    return max(CONVERSION.split(message), key=len)


def check_lines(tests_dir):
    lines = []
    for root, _, files in os.walk(tests_dir):
        for name in files:
            if name.endswith(TEST_SUFFIXES):
                with open(os.path.join(root, name), errors="replace") as f:
                    lines += [l for l in f
                              if CHECK_LINE.search(l) and "RUN:" not in l]
    return lines


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: check-messages.py PASS_DIR TESTS_DIR DOC [DOC...]")
    pass_dir, tests_dir = sys.argv[1:3]
    messages = pass_messages(pass_dir)
    lines = check_lines(tests_dir)
    docs = []
    for path in sys.argv[3:]:
        with open(path) as f:
            docs.append(f.read())
    missing = 0
    for source, message in messages:
        part = fixed_part(message)
        tested = any(part in line for line in lines)
        listed = any(part in doc for doc in docs)
        missing += not (tested and listed)
        print("%-5s %-6s %s: %s" % ("test" if tested else "NO-TEST",
                                    "readme" if listed else "NO-README",
                                    source, message))
    print("%d messages, %d without a test or README entry" %
          (len(messages), missing))
    return 1 if missing or not messages else 0


if __name__ == "__main__":
    sys.exit(main())
