#!/usr/bin/env python3
"""Screens keep no file-static state (docs/styleguide.md): in the files of
app/ui, each file-scope variable is const; a screen's state lives in the
view ui.c allocates on entering it.  Three files hold the terminal's own
state, one per process, and are left out: draw.c (colours and glyphs the
terminal supports), guard.c (the guarded standard streams) and ui.c (the
signal handlers and the tty to restore).  Prints each offending line;
exits 1 when there is one, 2 when no screen file was found."""
import glob, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
TERMINAL = {"draw.c", "guard.c", "ui.c"}
files = [f for f in sorted(glob.glob(root + "/app/ui/*.c")) if f.rsplit("/", 1)[1] not in TERMINAL]
screens = [f for f in files if re.search(r"^const pt_screen_ops ui_\w+_screen", open(f).read(), re.M)]
bad = 0
for f in files:
    depth = 0
    for n, line in enumerate(open(f), 1):
        code = re.sub(r"/\*.*?\*/|//.*", "", line)
        if depth == 0:
            var = None
            if re.match(r"static\s+(?!const\b|inline\b)", code):
                head = code.split("=")[0]
                # a function definition or prototype has "(" before any "=" or "{"
                if "(" not in head.split("{")[0]:
                    var = line
            elif re.match(r"\}\s*\w+\s*(\[.*\])?\s*;", code):
                var = line   # the end of "static struct x { ... } name;"
            if var is not None:
                print(f"{f}:{n}: file-static state in a screen: {var.strip()}")
                bad += 1
        depth += code.count("{") - code.count("}")
print(f"{len(files)} files read ({len(screens)} screens), {bad} file-static variables")
sys.exit(2 if not screens else 1 if bad else 0)
