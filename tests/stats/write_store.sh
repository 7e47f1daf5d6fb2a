#!/bin/sh
# write_store.sh BINARY STORE - writes the statistics tests' progress store
# to STORE: the fixture lesson is played in plain mode (so every record
# carries the item hashes the tutor computes), then its records are
# rewritten for two lessons with outcomes, boxes, wrong picks and dates
# placed on known days before today (UTC; run the tutor with TZ=UTC).
# The figures this store gives are worked out in the comments below.
#
# "Today" is not the wall clock's: it is the day of the time in
# tests/stats/now (noon UTC), and the tests run the tutor with
# PARATUTOR_TEST_NOW naming that file, so no test depends on the hour it
# runs at (a day turning between writing and checking) or waits for one.
set -u
bin=$1
store=$2
now=$(cat "$(dirname "$0")/now")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' 1 "1 b 2 d" b "a c" quit |
	"$bin" --no-shuffle --only-lessons tests/fixtures/good/minimal.json --state "$tmp/played.json" >/dev/null 2>&1
python3 - "$tmp/played.json" "$store" "$now" <<'PY'
import json, sys
played = json.load(open(sys.argv[1]))["lessons"]["fixture-minimal"]["items"]
day = 86400
today = int(sys.argv[3]) // day * day  # 00:00 UTC of the test's today
def at(days_ago, seconds=3600):
    return today - days_ago * day + seconds
def rec(item, outcome, attempts, pass_start, wrong=(), hints=0, box=None, due=None, scheduled_at=None):
    r = {"hash": played[item]["hash"], "outcome": outcome, "attempts": attempts, "hints": hints,
         "wrong": list(wrong), "first_seen": pass_start, "last_seen": max(pass_start, scheduled_at or 0),
         "pass_start": pass_start, "time_spent": 30, "box": box or 0}
    if due is not None:
        r["due"] = due
        r["scheduled_at"] = scheduled_at
    return r
store = {"format": 1, "lessons": {
    "fixture-minimal": {"items": {
        # right first time two days ago, right again in a review today: box 2, due in 3 days
        "split": rec("split", "first_time", 1, at(2), box=2, due=at(0, 60) + 3 * day, scheduled_at=at(0, 60)),
        # failed two days ago: box 0, overdue since then
        "pick-one": rec("pick-one", "failed", 2, at(2), wrong=["Alpha", "Gamma"], due=at(2), scheduled_at=at(2)),
        # right after a retry yesterday, then a right review: box 1, due today
        "pick-all": rec("pick-all", "retries", 2, at(1), wrong=["Three"], box=1, due=at(1) + day,
                        scheduled_at=at(1)),
    }},
    "stats-second": {"items": {
        # right first time today: box 1, due tomorrow
        "split": rec("split", "first_time", 1, at(0, 60), box=1, due=at(0, 60) + day, scheduled_at=at(0, 60)),
        # right with a hint today: box 0, due today
        "pick-one": rec("pick-one", "with_hints", 1, at(0, 60), hints=1, due=at(0, 60), scheduled_at=at(0, 60)),
        # one wrong check five days ago, still open
        "pick-all": rec("pick-all", "open", 1, at(5), wrong=["Five", "Three"]),
    }},
}}
json.dump(store, open(sys.argv[2], "w"), indent=1)
PY
