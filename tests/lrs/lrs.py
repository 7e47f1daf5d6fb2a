#!/usr/bin/env python3
"""lrs.py - the test's side of a Learning Record Store: free-port finds a
free loopback port; ids URL lists every statement id the LRS holds (GET
/statements, following "more"), one a line, duplicates kept; conflict URL
ID posts a different statement under ID (so the LRS will refuse ours);
stub AUTH PORTFILE serves, on a free loopback port written to PORTFILE,
what the real LRS cannot be made to answer: /ok/xAPI/statements 401 unless
the Basic credentials are AUTH's key:secret (then a hostile page: bad
statements, a learner named with an escape sequence, one named =1+2, and a
"more" link to a second page), /forbidden/xAPI/statements 403."""
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


def hostile_pages(base):
    ext = base + "extensions/"
    good = {"id": "00000000-0000-5000-8000-000000000001",
            "actor": {"mbox": "mailto:\u001b[31m=HYPERLINK(\"x\")@example.org"},
            "verb": {"id": "http://adlnet.gov/expapi/verbs/passed"},
            "object": {"id": base + "fixture-minimal/pick-one",
                       "definition": {"type": "http://adlnet.gov/expapi/activities/cmi.interaction"}},
            "result": {"success": True, "score": {"raw": 100},
                       "extensions": {ext + "attempts": 1, ext + "hints": 0}},
            "context": {"platform": "paratutor",
                        "contextActivities": {"parent": [{"id": base + "fixture-minimal", "definition": {
                            "type": "http://adlnet.gov/expapi/activities/lesson"}}]},
                        "extensions": {ext + "item-version": "0123456789abcdef"}}}
    bad = []
    for change in (lambda s: s.pop("actor"), lambda s: s["result"].update(success="yes"),
                   lambda s: s["result"]["extensions"].update({ext + "attempts": 1e300}),
                   lambda s: s["result"]["extensions"].update({ext + "hints": -1}),
                   lambda s: s["result"]["score"].update(raw=101),
                   lambda s: s["object"].update(id=base + "fixture-minimal/%zz"),
                   lambda s: s["object"].update(id=base + "fixture-minimal/a%00b"),
                   lambda s: s["context"]["extensions"].update({ext + "item-version": "xyz"}),
                   lambda s: s["result"]["extensions"].update({ext + "wrong-answers": [{"answer": 3}]}),
                   lambda s: s["result"]["extensions"].update({ext + "wrong-answers": [{"answer": "a",
                                                                                        "blank": 99999}]}),
                   lambda s: s.update(verb=[])):
        s = json.loads(json.dumps(good))
        change(s)
        bad.append(s)
    other = json.loads(json.dumps(good))
    other["verb"]["id"] = "http://adlnet.gov/expapi/verbs/completed"
    formula = json.loads(json.dumps(good))
    formula["actor"] = {"account": {"homePage": "https://lms.example.org", "name": "=1+2"}}
    return ({"statements": [good, formula] + bad[:6] + [other, 7, None], "more": "/ok/xAPI/statements?page=2"},
            {"statements": bad[6:], "more": ""})


def stub(auth, portfile):
    import base64
    import http.server
    with open(auth) as f:
        want = "Basic " + base64.b64encode(f.readline().strip().encode()).decode()
    pages = hostile_pages("https://paratutor.invalid/xapi/")

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, code, body):
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.path.startswith("/forbidden/"):
                self.answer(403, {"message": "Forbidden: this client may not read statements"})
            elif self.headers.get("Authorization") != want:
                self.answer(401, {"message": "Unauthorised"})
            else:
                self.answer(200, pages[1] if "page=2" in self.path else pages[0])

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    with open(portfile + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.rename(portfile + ".tmp", portfile)
    server.serve_forever()


def same_items(a, b):
    """Exit 0 when two class CSV reports have the same item and wrong-answer
    rows (every lesson item with its facility and discrimination figures)."""
    import csv
    rows = []
    for path in (a, b):
        with open(path, newline="") as f:
            rows.append([r for r in csv.DictReader(f) if r["lesson"]])
    items = [r for r in rows[0] if not r["option"]]
    ok = rows[0] == rows[1] and len(items) >= 3 and all(r["facility_index"] and r["discrimination_index"]
                                                         for r in items)
    if not ok:
        for x, y in zip(rows[0], rows[1]):
            if x != y:
                print("stores:", x, "\nlrs:   ", y, file=sys.stderr)
        print(len(rows[0]), "rows against", len(rows[1]), file=sys.stderr)
    sys.exit(0 if ok else 1)


def same_json(a, b):
    """Exit 0 when two class JSON reports agree on every lesson's scores and
    every item's figures."""
    got = []
    for path in (a, b):
        with open(path) as f:
            report = json.load(f)
        got.append(json.dumps(report.get("lessons"), sort_keys=True))
    sys.exit(0 if got[0] == got[1] and got[0] != "null" else 1)


if __name__ == "__main__":
    {"free-port": lambda: free_port(), "ids": lambda: ids(sys.argv[2]),
     "conflict": lambda: conflict(sys.argv[2], sys.argv[3]),
     "stub": lambda: stub(sys.argv[2], sys.argv[3]),
     "same-items": lambda: same_items(sys.argv[2], sys.argv[3]),
     "same-json": lambda: same_json(sys.argv[2], sys.argv[3])}[sys.argv[1]]()
