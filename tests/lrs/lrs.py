#!/usr/bin/env python3
"""lrs.py - the test's side of a Learning Record Store: free-port finds a
free loopback port; ids URL lists every statement id the LRS holds (GET
/statements, following "more"), one a line, duplicates kept; conflict URL
ID posts a different statement under ID (so the LRS will refuse ours)."""
import json
import socket
import sys
import urllib.request

HEADERS = {"X-Experience-API-Version": "1.0.3", "Authorization": "Basic dGVzdDp0ZXN0",
           "Content-Type": "application/json"}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])
    s.close()


def ids(url):
    root = url.split("/xAPI")[0]
    path = url + "/statements?limit=100"
    while path:
        req = urllib.request.Request(path, headers=HEADERS)
        answer = json.load(urllib.request.urlopen(req, timeout=30))
        for s in answer["statements"]:
            print(s["id"])
        more = answer.get("more") or ""
        path = root + more if more else None


def conflict(url, sid):
    body = json.dumps([{"id": sid, "actor": {"mbox": "mailto:someone-else@example.org"},
                        "verb": {"id": "http://adlnet.gov/expapi/verbs/experienced"},
                        "object": {"id": "http://example.org/not-paratutor"}}]).encode()
    req = urllib.request.Request(url + "/statements", data=body, headers=HEADERS, method="POST")
    urllib.request.urlopen(req, timeout=30)


if __name__ == "__main__":
    {"free-port": lambda: free_port(), "ids": lambda: ids(sys.argv[2]),
     "conflict": lambda: conflict(sys.argv[2], sys.argv[3])}[sys.argv[1]]()
