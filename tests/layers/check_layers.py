#!/usr/bin/env python3
"""The folders of app/ are its layers (docs/styleguide.md): a folder uses
only itself and the folders below it, and within a folder no two files use
each other, round about, except a kind table and its rows.

    check_layers.py [OBJ.o | FILE.c | FILE.h] ...

Checks, each failure named by file (and line or symbol):
  calls     the objects, read with nm: a symbol is used only from its own
            folder or one above it (a circular use between folders is always
            upward on one side);
  includes  every C file of app/ and header of include/paratutor/ (and each
            FILE.c or FILE.h named): an #include "paratutor/LAYER/..." names
            its own layer or one below it;
  headers   a header in include/paratutor/LAYER/ declares only functions and
            variables defined in LAYER (those the objects define);
  cycles    within a folder, the file-level use graph (file A uses a symbol
            defined in file B) has no cycle, once the references of a table
            listed in REGISTRIES to its rows are set aside.
A file's folder is read from its path: the name after "core/", or
"include/paratutor/", or ui, cli and main (so a file planted under
some/dir/core/base/ counts as base).  Exits 1 on any failure, 0 otherwise;
the last line counts what was read."""
import glob
import os
import re
import subprocess
import sys

# Bottom to top.  app/ui, app/cli and main.c sit above every core folder,
# in that order: the subcommands of app/cli hand work to the screens of
# app/ui, main.c dispatches to both; the core uses none of them.
LAYERS = ["base", "model", "load", "catalog", "learn", "store", "report",
          "interop", "ui", "cli", "main"]
RANK = {name: i for i, name in enumerate(LAYERS)}

# The registries: a table of rows, one file per row, where the table
# lists the rows and each row calls back helpers its folder shares.  A
# listed table's references to rows (objects it uses from a file, none of
# them a function) are the one file cycle allowed; a call from the table
# into a row's file still counts.  folder/table object -> why it is one
REGISTRIES = {
    "learn/kind.o": "the kind table: a grading row per kind (kind_choice.c ...)",
    "load/load_kind.o": "the kind table: a loading row per kind (load_kind_choice.c ...)",
    "interop/export_kind.o": "the kind table: an export row per kind (export_kind_choice.c ...)",
    "ui/ui_kind.o": "the kind table: a screen and plain-mode row per kind (ui_kind_choice.c ...)",
    "ui/screens.o": "the screen table: a row per screen (menu.c, item.c, summary.c ...)",
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"paratutor/([^"/]+)/([^"]+)"')


def folder_of(path):
    parts = os.path.normpath(path).split(os.sep)
    if "core" in parts[:-1]:
        return parts[parts.index("core") + 1]
    for i in range(len(parts) - 2):
        if parts[i] == "include" and parts[i + 1] == "paratutor":
            return parts[i + 2]
    if "ui" in parts[:-1]:
        return "ui"
    if "cli" in parts[:-1]:
        return "cli"
    return "main" if os.path.basename(path) in ("main.o", "main.c") else "?"


def nm(args, obj):
    out = subprocess.run(["nm"] + args + [obj], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines() if line.strip()]


def check_includes(files, bad):
    """Each #include "paratutor/L/..." of a file names its layer or one below."""
    count = 0
    for path in files:
        here = folder_of(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if m is None:
                    if re.match(r'^\s*#\s*include\s+"paratutor/', line):
                        bad.append("%s:%d includes a header outside the layer folders: %s"
                                   % (path, n, line.strip()))
                    continue
                count += 1
                there = m.group(1)
                if there not in RANK:
                    bad.append("%s:%d includes paratutor/%s/%s: '%s' is not a layer"
                               % (path, n, there, m.group(2), there))
                elif RANK.get(here, -1) < RANK[there]:
                    bad.append("%s:%d (%s) includes paratutor/%s/%s, a header of a layer above it"
                               % (path, n, here, there, m.group(2)))
    return count


def declared(path):
    """The functions and variables a header declares at file scope."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    text = re.sub(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    names, depth, stmt = [], 0, ""
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            stmt = ""
        elif depth == 0 and ch == ";":
            s = " ".join(stmt.split())
            stmt = ""
            if s.startswith("typedef") or not s:
                continue
            m = re.match(r"[^(]*?\b([A-Za-z_]\w*)\s*\(", s)
            if m is None or "(*" in s[:m.end() + 1]:
                m = re.search(r"\b([A-Za-z_]\w*)\s*(\[[^]]*\])?\s*$", s)
            if m is not None:
                names.append(m.group(1))
        elif depth == 0:
            stmt += ch
    return names


def check_headers(headers, defined, bad):
    """A header's declarations are defined in the header's own folder."""
    count = 0
    for path in headers:
        here = folder_of(path)
        for name in declared(path):
            obj = defined.get(name)
            if obj is None:
                continue
            count += 1
            if folder_of(obj) != here:
                bad.append("%s (%s) declares %s, defined in %s (%s): the header belongs in include/paratutor/%s/"
                           % (path, here, name, obj, folder_of(obj), folder_of(obj)))
    return count


def sccs(nodes, edges):
    """Tarjan's strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def check_cycles(objs, uses, functions, bad):
    """No file cycle within a folder but a registry's table and its rows."""
    edges, registries = {}, 0
    for (a, b), syms in uses.items():
        if a == b or folder_of(a) != folder_of(b):
            continue
        if folder_of(a) + "/" + os.path.basename(a) in REGISTRIES and not syms & functions:
            registries += 1
            continue
        edges.setdefault(a, set()).add(b)
    for comp in sccs(objs, edges):
        links = ["%s -> %s (%s)" % (os.path.basename(a), os.path.basename(b),
                                     ", ".join(sorted(uses[(a, b)])[:3]))
                 for a in comp for b in comp if b in edges.get(a, ())]
        bad.append("file cycle in %s: %s: %s" % (folder_of(comp[0]),
                   " ".join(os.path.basename(c) for c in comp), "; ".join(links)))
    return registries


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    objs = [a for a in argv[1:] if a.endswith(".o")]
    planted = [a for a in argv[1:] if not a.endswith(".o")]
    defined, functions = {}, set()
    for obj in objs:
        for fields in nm(["-g", "--defined-only"], obj):
            if len(fields) == 3:
                defined[fields[2]] = obj
                if fields[1] in "Tt":
                    functions.add(fields[2])
    bad = []
    uses = {}
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
            uses.setdefault((obj, other), set()).add(sym)
            there = folder_of(other)
            if RANK.get(there, len(LAYERS)) > RANK[here]:
                bad.append("%s (%s) uses %s from %s (%s), a folder above it" %
                           (obj, here, sym, other, there))
    upward = len(bad)
    sources = sorted(glob.glob("app/**/*.c", recursive=True) +
                     glob.glob("include/paratutor/**/*.h", recursive=True)) + planted
    includes = check_includes(sources, bad)
    headers = [s for s in sources if s.endswith(".h")]
    declarations = check_headers(headers, defined, bad)
    registries = check_cycles(objs, uses, functions, bad)
    for line in bad:
        print("layers: " + line)
    print("layers: %d objects, %d uses across files (%d upward), %d includes in %d files, "
          "%d declarations in %d headers, %d rows listed by registries, %d failures"
          % (len(objs), sum(len(s) for s in uses.values()), upward, includes, len(sources),
             declarations, len(headers), registries, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
