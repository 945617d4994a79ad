#!/usr/bin/env python3
"""Fails when a tracked file cites a document that is not in the repository.

The project explains itself: code, docs, tests, scripts and program output cite public
sources (docs/hardware.md lists them) or the repository's own docs (docs/design.md), never
the team's private notes, an article by a nickname, or tracker issue numbers.

Usage: no_private_citations.py <repository root>

Checks every file `git ls-files` lists (nothing is excluded). Prints one line per hit,
`path:line: <matched text>`, and exits 1 when there is any; 0 when there is none; 77 (the
CTest skip code) when the root is not a git checkout or git is missing. Before scanning it
checks its own patterns on made-up lines, so a broken pattern fails instead of passing.

The patterns are assembled from pieces so that this file does not match itself.
"""
import os
import re
import subprocess
import sys

MD = "." + "md"
SEED = "se" + "ed"

PATTERNS = [
    ("private notes", re.compile(r"\b(?:" + "FAC" + "TS|DESIGN|STYLE" + r")" + re.escape(MD) + r"\b")),
    ("private notes path", re.compile(r"/work/" + "shared" + r"\b|\b" + "shared" + "/" + r"(?:" + SEED + r"|FAC" + r"TS|DESIGN|STYLE)\b")),
    ("article by nickname", re.compile(r"\b[Tt]he " + SEED + r"\b(?!s)")),
    ("article by nickname", re.compile(r"\b" + SEED + r"'s\b")),
    ("article by nickname", re.compile(r"\b" + SEED + r" article\b")),
    ("issue number", re.compile(r"\b[Ii]" + "ssue" + r"\s*#?\d+")),
    ("private notes by name", re.compile(r"\b" + "FAC" + "TS" + r"\b")),
]

# (line, should it be reported?)
SELF_CHECK = [
    ("see " + "FAC" + "TS" + MD + " for the table", True),
    ("emulated / " + "FAC" + "TS" + " floor 0.73 s", True),
    ("(" + "DESIGN" + MD + ", outputs)", True),
    ("habit 2 of " + "STYLE" + MD, True),
    ("the file /work/" + "shared" + "/notes", True),
    ("as " + "the " + SEED + " says", True),
    ("The " + SEED + ": 512 KiB", True),
    ("the " + SEED + "'s remap", True),
    ("the " + SEED + " article's example", True),
    ("target (" + "issue" + " 7)", True),
    ("fixed in " + "Issue" + " #12", True),
    ("see " + "issue" + "#3", True),
    ("static_shared.cpp holds __shared__ arrays", False),
    ("libFuzzer grows inputs from the " + SEED + "s in fuzz/corpus", False),
    ("std::mt19937 Rng(4); // fixed " + SEED + ": reproducible", False),
    ("wavesan xcd --" + SEED + "-example", False),
    ("an issue with the header", False),
    ("docs/hardware.md lists the public sources", False),
]


def hits(line):
    return [(why, m.group(0)) for why, rx in PATTERNS for m in rx.finditer(line)]


def self_check():
    ok = True
    for line, expected in SELF_CHECK:
        if bool(hits(line)) != expected:
            print(f"self-check: {line!r} should {'' if expected else 'not '}be reported",
                  file=sys.stderr)
            ok = False
    return ok


def main():
    if len(sys.argv) != 2:
        print("usage: no_private_citations.py <repository root>", file=sys.stderr)
        return 2
    root = sys.argv[1]
    if not self_check():
        return 1
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"skipped: {root} is not a git checkout ({e})")
        return 77
    files = [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]
    if not files:
        print(f"skipped: git lists no files under {root}")
        return 77
    found = 0
    for rel in files:
        path = os.path.join(root, rel)
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except OSError:
            continue  # listed but absent (deleted in the work tree, a broken symlink)
        # The path itself counts too (a file named after a private note).
        for why, what in hits(rel):
            print(f"{rel}: {why} in the file name: {what}")
            found += 1
        for n, line in enumerate(text.splitlines(), 1):
            for why, what in hits(line):
                print(f"{rel}:{n}: {why}: {what}")
                found += 1
    if found:
        print(f"{found} citation(s) of documents outside the repository; cite the public "
              "source (docs/hardware.md) or the project's own docs (docs/design.md) instead",
              file=sys.stderr)
        return 1
    print(f"checked {len(files)} tracked files: no citation of documents outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
