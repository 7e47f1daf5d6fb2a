#!/usr/bin/env python3
"""The core's folders are its layers: a folder's objects use only symbols
defined in the same folder or in a folder below it.  Reads the objects with
nm, so a call counts whatever header it came through.

    check_layers.py OBJ.o ...

Each object's folder is read from its path: the name after "core/", or
ui, cli and main (so an object planted under some/dir/core/base/ counts as
base).  Exits 1 naming each upward use (a circular use between folders is
always upward on one side), 0 when every use points down or sideways
within a folder."""
import os
import subprocess
import sys

# Bottom to top.  app/ui, app/cli and main.c sit above every core folder;
# the core uses none of them.
LAYERS = ["base", "model", "load", "catalog", "learn", "store", "report",
          "interop", "ui", "cli", "main"]
RANK = {name: i for i, name in enumerate(LAYERS)}


def folder_of(path):
    parts = os.path.normpath(path).split(os.sep)
    if "core" in parts:
        return parts[parts.index("core") + 1]
    if "ui" in parts:
        return "ui"
    if "cli" in parts:
        return "cli"
    return "main" if os.path.basename(path) == "main.o" else "?"


def nm(args, obj):
    out = subprocess.run(["nm"] + args + [obj], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines() if line.strip()]


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    objs = argv[1:]
    defined = {}
    for obj in objs:
        for fields in nm(["-g", "--defined-only"], obj):
            if len(fields) == 3:
                defined[fields[2]] = obj
    bad = []
    uses = 0
    for obj in sorted(objs):
        here = folder_of(obj)
        if here not in RANK:
            bad.append("%s: folder '%s' is not in the layer list" % (obj, here))
            continue
        for fields in nm(["-u"], obj):
            sym = fields[-1]
            other = defined.get(sym)
            if other is None:
                continue
            there = folder_of(other)
            uses += 1
            if RANK.get(there, len(LAYERS)) > RANK[here]:
                bad.append("%s (%s) uses %s from %s (%s), a folder above it" %
                           (obj, here, sym, other, there))
    for line in bad:
        print("layers: " + line)
    print("layers: %d objects, %d uses across files, %d upward" % (len(objs), uses, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
