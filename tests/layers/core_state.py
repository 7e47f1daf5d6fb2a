#!/usr/bin/env python3
"""The core keeps no process-wide mutable state (docs/styleguide.md): no
object of app/core holds a writable variable, file-static or
function-static, that is, no object symbol in .data, .bss, .data.rel.local
(or thread-local .tdata/.tbss, or a common symbol); a constant table is
in .rodata or .data.rel.ro (written by the loader at relocation only).
Takes objects (the sanitized build's, as the layer check does) and reads
their release twins (build/asan/X.o -> build/rel/X.o: the sanitizers add
writable data of their own); other arguments are read as given.  Prints
each offending symbol with its file; exits 1 when there is one, 2 when no
core object was read."""
import subprocess, sys

WRITABLE = (".data", ".bss", ".data.rel.local", ".tdata", ".tbss", "*COM*")


def writable(section):
    return section in WRITABLE or (section.startswith((".data.", ".bss.", ".tdata.", ".tbss."))
                                   and not section.startswith(".data.rel.ro"))


objs = [a.replace("build/asan/", "build/rel/", 1) for a in sys.argv[1:]
        if "/app/core/" in a or not a.startswith("build/asan/")]
bad = 0
for obj in objs:
    out = subprocess.run(["objdump", "-t", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        # "0000000000000000 l     O .bss	0000000000000008 name"
        head, _, rest = line.partition("\t")
        fields = head.split()
        if len(fields) < 3 or fields[-2] != "O" or not writable(fields[-1]):
            continue
        name = rest.split()[-1]
        src = obj.split("build/rel/", 1)[-1]
        print(f"{src[:-2]}.c: writable static data {name} ({fields[-1]}) in the core")
        bad += 1
print(f"{len(objs)} core objects read, {bad} writable static objects")
sys.exit(2 if not objs else 1 if bad else 0)
