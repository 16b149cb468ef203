#!/usr/bin/env python3
"""Runs every command of README.md's ```sh blocks, in order, as a reader
would: in a copy of the source tree, with HOME in that copy (so the
install under $HOME lands there), after writing out the files README gives
in ```cuda blocks whose first line is `// NAME`.

Two kinds of line are not run but held to what does run them:
- the build commands (`cmake -S . -B build ...`, `ninja -C build`) must be
  the very commands `make build` runs (`make -n build`), which `make check`
  runs first; re-running them here would rebuild a tree being tested;
- `sudo` is dropped: `.ci/install-deps` only installs what is missing, and
  `make check` ran it before the build.

A command whose line ends in `# prints: TEXT` must print TEXT. Prints one
line per command and exits 1 at the first that fails.

Usage: run-readme.py --source SRC --build BUILD --work DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys


def readme_blocks(path):
    """(language, lines) of every fenced block."""
    blocks, language, lines = [], None, []
    for line in open(path).read().splitlines():
        fence = re.match(r"^```(\w*)\s*$", line)
        if fence and language is None:
            language, lines = fence.group(1), []
        elif fence:
            blocks.append((language, lines))
            language = None
        elif language is not None:
            lines.append(line)
    return blocks


def make_build_commands(source, build):
    out = subprocess.run(["make", "-n", "build", "BUILD=" + build],
                         cwd=source, stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return {normalize(line) for line in out.splitlines()}


def normalize(command):
    command = re.sub(r"\s*>\s*/dev/null", "", command)
    return " ".join(command.split())


def is_build_command(command):
    return re.match(r"^(cmake -S \. -B build|ninja -C build)\b", command)


def copy_source(source, work):
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(source, work, symlinks=True,
                    ignore=shutil.ignore_patterns(".git", "build", "build-*"))
    os.makedirs(os.path.join(work, "home"))


def run_command(command, work, env):
    expected = None
    printed = re.search(r"#\s*prints:\s*(.*)$", command)
    if printed:
        expected = printed.group(1).strip()
    # One shell for all commands, so that `export` carries over: the
    # environment after each command is read back from the shell.
    script = command + "\nstatus=$?\nenv -0 > .readme-env\nexit $status\n"
    result = subprocess.run(["bash", "-c", script], cwd=work, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    with open(os.path.join(work, ".readme-env")) as f:
        pairs = [item.split("=", 1) for item in f.read().split("\0") if item]
    env.clear()
    env.update({key: value for key, value in pairs})
    if result.returncode != 0:
        return f"exit {result.returncode}: {result.stdout.strip()[-800:]}"
    if expected is not None and expected not in result.stdout:
        return f"did not print '{expected}': {result.stdout.strip()[-800:]}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--readme", help="default: SOURCE/README.md")
    args = parser.parse_args()
    readme = args.readme or os.path.join(args.source, "README.md")
    work = os.path.abspath(args.work)
    copy_source(args.source, work)
    os.symlink(os.path.abspath(args.build), os.path.join(work, "build"))
    built_by_make = make_build_commands(args.source, "build")
    env = dict(os.environ, HOME=os.path.join(work, "home"))
    ran = 0
    for language, lines in readme_blocks(readme):
        if language == "cuda" and lines and lines[0].startswith("// "):
            with open(os.path.join(work, lines[0][3:].strip()), "w") as f:
                f.write("\n".join(lines) + "\n")
            continue
        if language != "sh":
            continue
        for command in lines:
            if not command.strip():
                continue
            command = re.sub(r"^sudo ", "", command)
            if is_build_command(command):
                verdict = (None if normalize(command) in built_by_make else
                           "not what `make build` runs (make -n build)")
            else:
                verdict = run_command(command, work, env)
            print(f"{'FAIL' if verdict else 'ok'}: {command}")
            if verdict:
                print("  " + verdict)
                return 1
            ran += 1
    print(f"{ran} README commands, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
