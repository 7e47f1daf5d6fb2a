#!/bin/sh
# doc.sh BINARY - follows docs/course.md from an empty folder to grades: its
# fenced blocks, taken from the file itself so the page cannot drift, run in
# order in a fresh folder (/srv/ moved into it): "sh" blocks as the course
# account, the "sshd_config" block as a real sshd's configuration (and the
# same lines as course init prints), "learner" blocks as a learner over that
# sshd.  150 learners come in from a CSV and a folder of key files; one sits
# the midterm inside its window (the test builds' clock, set by the server);
# the gradebook has a row per learner and the exam's column.
set -u
bin=$(realpath "$1")
src=$(pwd)
passed=0
failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/paratutor-doc.XXXXXX")
C=$TMP/srv/course
. "$src/tests/course/sshd.sh"
trap 'sshd_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; sed 's/^/  | /' "$TMP/out" 2>/dev/null | head -20; }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

# blocks KIND [PART] - the doc's fenced blocks of that kind, /srv/ moved
# into $TMP; PART 1 or 2: only those before or after the first learner block.
blocks() {
	awk -v kind="$1" -v part="${2:-0}" '
		/^```/ { if (inside) { inside = 0; next } if ($0 == "```learner") seen = 1
			if ($0 == "```" kind) { inside = 1; next } }
		inside && (part == 0 || (part == 1 && !seen) || (part == 2 && seen))' "$src/docs/course.md" |
		sed "s|/srv/|$TMP/srv/|g"
}
mkdir -p "$TMP/srv" "$TMP/work"
cd "$TMP/work" || exit 1
blocks sh 1 >"$TMP/instructor.sh"
blocks sh 2 >"$TMP/grades.sh"
check "the doc has the instructor's commands" [ "$(grep -c '^paratutor' "$TMP/instructor.sh")" -ge 6 ]
check "the doc has the grades' commands after the learners'" grep -q '^paratutor class' "$TMP/grades.sh"
blocks sshd_config | sed "s|^Match User course|Match User $SSH_USER|" >"$TMP/doc_sshd"
check "the doc has the sshd_config lines" grep -q "AuthorizedKeysFile $C/authorized_keys" "$TMP/doc_sshd"

# The learners' keys the doc's roster.csv and keys/ folder stand for: 149
# rows (ada first, as in the doc's example) and one key file.
mkdir -p keys
{
	echo "id,name,email,key"
	learner_key ada
	echo "ada,\"Lovelace, Ada\",ada@example.org,$(cat "$TMP/keys/ada.pub")"
	i=2
	while [ $i -le 149 ]; do
		id=$(printf 's%03d' $i)
		ssh-keygen -q -t ed25519 -N '' -C "$id@laptop" -f "$TMP/keys/$id" >/dev/null
		echo "$id,Student $i,$id@example.org,$(cat "$TMP/keys/$id.pub")"
		i=$((i + 1))
	done
} >roster.csv
learner_key zoe
cp "$TMP/keys/zoe.pub" keys/zoe.pub

# Each instructor line (a line ending in \ goes on) as the course account would type it.
paratutor() { "$bin" "$@"; }
: >"$TMP/out"
( set -e; . "$TMP/instructor.sh" ) >"$TMP/out" 2>&1
st=$?
check "every instructor command of the doc succeeds" [ $st -eq 0 ]
check "course init prints the doc's sshd_config lines" sh -c "
	grep -A4 '^  Match User course' '$TMP/out' | sed 's/^ *//' >'$TMP/printed'
	sed 's/^ *//; s/^Match User .*/Match User course/' '$TMP/doc_sshd' | cmp -s - '$TMP/printed'"
check "150 learners on the roster" [ "$(grep -c '^command=' "$C/authorized_keys")" -eq 150 ]
check "the roster's names came through the CSV" python3 -c '
import json, sys; c = json.load(open(sys.argv[1])); l = c["learners"]
assert len(l) == 150 and l[0]["name"] == "Lovelace, Ada" and l[-1]["id"] == "zoe", l[:1]' "$C/course.json"
check "the midterm is in course.json" python3 -c '
import json, sys; e = json.load(open(sys.argv[1]))["exams"][0]
assert e["name"] == "midterm" and e["extra_minutes"] == {"ada": 10} and e["opens"] == "2027-03-01T09:00:00Z", e' "$C/course.json"

# The server, configured by the doc's lines; the clock inside the exam's window.
python3 -c 'import calendar; print(calendar.timegm((2027, 3, 1, 10, 0, 0)))' >"$TMP/clock"
SSHD_NO_COURSE_LINES=1
IFS='
'
# shellcheck disable=SC2046 # one argument per line of the block
sshd_start $(cat "$TMP/doc_sshd")
unset IFS
ssh() {
	n=$#
	k=0
	while [ $k -lt "$n" ]; do
		a=$1
		shift
		[ "$a" = course@server ] && a="$SSH_USER@127.0.0.1"
		set -- "$@" "$a"
		k=$((k + 1))
	done
	# The answers typed go to the exam; the other commands read nothing.
	case "$*" in *exam*) input=/dev/stdin ;; *) input=/dev/null ;; esac
	command ssh -F /dev/null -p "$SSHD_PORT" -i "$TMP/keys/ada" -o IdentitiesOnly=yes -o BatchMode=yes \
		-o StrictHostKeyChecking=no -o UserKnownHostsFile="$TMP/known_hosts" -o LogLevel=ERROR -T "$@" <"$input"
}
blocks learner >"$TMP/learner.sh"
printf 'y\nsubmit\nyes\n' | ( set -e; . "$TMP/learner.sh" ) >"$TMP/out" 2>&1
st=$?
check "the doc's learner commands succeed over sshd" [ $st -eq 0 ]
check "... help lists the midterm as open" sh -c "grep -A1 'exam midterm: 10 items, 40 minutes, pass 70%' '$TMP/out' |
	grep -q 'open now, until 2027-03-01T12:00:00Z; 1 attempt, none used yet'"
check "... ada sat it with her 10 extra minutes" grep -q "40:00 left of 40:00" "$TMP/out"

# Grades, after it closes.
python3 -c 'import calendar; print(calendar.timegm((2027, 3, 1, 13, 0, 0)))' >"$TMP/clock"
( set -e; . "$TMP/grades.sh" ) >"$TMP/out" 2>&1
check "the doc's grade commands succeed" [ $? -eq 0 ]
check "the gradebook has a row per learner and the exam's column" python3 -c '
import csv, sys; rows = list(csv.reader(open(sys.argv[1]))); h = rows[0]
assert len(rows) == 151, len(rows)
col = [i for i, x in enumerate(h) if x.startswith("Exam: midterm")]
assert col, h
ada = [r for r in rows if "ada" in r]
assert ada and ada[0][col[0]] != "", ada' "$TMP/work/grades.csv"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
