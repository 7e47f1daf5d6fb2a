#!/usr/bin/env python3
"""silent.py PORTFILE COUNTFILE - a stand-in for a stuck LRS (or for an
attacker's listener): listens on a free loopback port (written to
PORTFILE), accepts every connection, reads nothing, answers nothing, and
keeps COUNTFILE holding how many it took.  Runs until it is killed."""
import socket
import sys

s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0))
s.listen(64)
with open(sys.argv[2], "w") as f:
    f.write("0\n")
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write("%d\n" % s.getsockname()[1])
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
held = []
while True:
    conn, _ = s.accept()
    held.append(conn)
    with open(sys.argv[2] + ".tmp", "w") as f:
        f.write("%d\n" % len(held))
    os.rename(sys.argv[2] + ".tmp", sys.argv[2])
