#!/bin/sh
# ssh.sh BINARY - a course served by a real OpenSSH server (tests/course/
# sshd.sh) and played against as learners and as attackers would: plain
# mode without a pty lands its records in the course folder; the full
# screen under ssh -tt in tmux shows the menu and quits cleanly; every
# attack (options, subcommands, a shell, another learner's id, port
# forwarding, environment variables, exams outside their window or past
# their attempts, a second session, a 10x3 terminal, a connection dropped
# mid-exam) is refused with no lesson key printed and no file written
# outside the course folder.  Time moves through the test builds' clock
# file, never by waiting; the screen is polled, never slept on blindly.
set -u
bin=$(realpath "$1")
src=$(pwd)
passed=0
failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/paratutor-course.XXXXXX")
C=$TMP/course
. "$src/tests/course/sshd.sh"
cleanup() {
	sshd_stop
	[ -n "${TMUX_SOCK:-}" ] && tmux -S "$TMUX_SOCK" kill-server >/dev/null 2>&1
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
HOST=$SSH_USER@127.0.0.1
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; [ -f "$TMP/out" ] && sed 's/^/  | /' "$TMP/out" | head -30; }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

# The course: two learners, the screen tests' lessons, four exams.
"$bin" course init "$C" --title "Course test" >/dev/null || { echo "not ok - course init"; exit 1; }
cp "$src"/tests/screen/lessons/*.json "$C/lessons/"
# A lesson of option items only, so an exam's every item takes the answer A.
python3 - "$src/tests/screen/lessons" "$C/lessons/zz-course-quiz.json" <<'PY'
import json, sys
items = []
for name in ("screen-drills", "screen-kinds"):
    items += [i for i in json.load(open(f"{sys.argv[1]}/{name}.json"))["items"] if i["kind"] in ("choice", "multi")]
json.dump({"format": 2, "id": "course-quiz", "title": "Course quiz", "summary": "Option items for the course tests.",
           "language": "text", "items": items}, open(sys.argv[2], "w"))
PY
for id in alice bob carol dave; do learner_key $id; "$bin" course add-learner "$C" $id --key "$TMP/keys/$id.pub" >/dev/null; done
"$bin" course add-exam "$C" mid --lessons screen-drills --count 3 --minutes 10 --attempts 1 --extra-minutes dave=5 >/dev/null
"$bin" course add-exam "$C" later --lessons screen-drills --count 2 --minutes 5 --opens 2099-01-01T09:00Z >/dev/null
"$bin" course add-exam "$C" gone --lessons screen-drills --count 2 --minutes 5 --closes 2001-01-01T09:00Z >/dev/null
"$bin" course add-exam "$C" quiz --lessons course-quiz --count 2 --minutes 5 --attempts 1 >/dev/null
"$bin" course add-exam "$C" twice --lessons course-quiz --count 2 --minutes 5 --attempts 2 >/dev/null
date +%s >"$TMP/clock"
# Results the course releases once the exam has closed (in 30 minutes) and
# its last sitting has ended (5 minutes later).
"$bin" course add-exam "$C" sealed --lessons course-quiz --count 2 --minutes 5 --attempts 1 \
	--closes "@$(($(cat "$TMP/clock") + 1800))" --results after-close >/dev/null
# The environment attack below needs sshd to pass more than the course's
# AcceptEnv (as a careless server would): the tutor must ignore it anyway.
SSHD_ACCEPT_MORE='XDG_* HOME'
sshd_start
touch "$TMP/marker"
home=${HOME:-/root}

# answers_kept: every key line of the lessons (their right answers are
# option texts) never reaches the output of a refused command.
secret_in_out() {
	grep -qiE 'Canberra|Correct|answer is|Right answer' "$TMP/out"
}

# refused NAME EXPECTED-TEXT WORDS...: the words are refused with that text,
# a non-zero status and nothing of a lesson printed.
refused() {
	name=$1 want=$2
	shift 2
	lssh alice -T -- "$HOST" "$*" </dev/null >"$TMP/out" 2>&1
	st=$?
	if [ $st -ne 0 ] && [ $st -ne 255 ] && grep -qF -- "$want" "$TMP/out" && ! secret_in_out &&
	    [ "$(wc -l <"$TMP/out")" -le 2 ]; then ok "refused: $name"
	else bad "refused: $name (status $st)"; fi
}

# --- a learner in plain mode, no pty
printf '1\n1 a 2 b\nquit\n' | lssh alice -T "$HOST" plain >"$TMP/out" 2>&1
check "plain over ssh without a pty runs" grep -q "paratutor, plain mode" "$TMP/out"
check "... and the record lands under the course folder" python3 -c '
import json, sys; d = json.load(open(sys.argv[1]))
assert d["lessons"]["screen-drills"]["items"], d' "$C/learners/alice/progress.json"
check "... private to the course account" [ "$(stat -c %a "$C/learners/alice" "$C/learners/alice/progress.json" | tr '\n' ' ')" = "700 600 " ]

printf 'exam\nquit\n' | lssh alice -T "$HOST" plain >"$TMP/out" 2>&1
check "plain: exam says how a course's exams are sat, as the full screen's key does" \
	grep -q "Exams on this course are sat with: ssh HOST 'exam NAME'" "$TMP/out"
check "... and draws no exam of its own" sh -c '! grep -q "Type yes to start it" "$1"' sh "$TMP/out"
lssh alice -T "$HOST" help >"$TMP/out" 2>&1
check "help lists the words and the exams" grep -q "exam mid: 3 items, 10 minutes" "$TMP/out"
check "... each exam's attempts, in words" sh -c "grep -A1 'exam mid:' '$TMP/out' | grep -q '1 attempt, none used yet' &&
	grep -A1 'exam twice:' '$TMP/out' | grep -q '2 attempts, none used yet'"
check "... that an exam's results come out once it closes, and when, before it is sat" sh -c "
	grep -A2 'exam sealed:' '$TMP/out' | grep -q 'results once it closes, at [0-9-]*T[0-9:]*Z'"
check "... every line within 80 columns" sh -c "! awk 'length > 80' '$TMP/out' | grep -q ."

# --- attacks: words that are not the tutor's
refused "export --to gift LESSON" "runs only the tutor" export --to gift screen-drills
refused "--state FILE" "runs only the tutor" --state "$TMP/x"
refused "--lessons /" "runs only the tutor" --lessons /
refused "--watch FILE" "runs only the tutor" --watch "$C/lessons/screen-drills.json"
refused "sh" "runs only the tutor" sh
refused "sh -c" "runs only the tutor" 'sh -c id'
refused "a command after a word" "runs only the tutor" 'plain; cat /etc/passwd'
refused "stats --me" "runs only the tutor" stats --me
refused "class of the course" "runs only the tutor" class "$C"
refused "another learner's id" "runs only the tutor" --course "$C" --learner bob
refused "exam with another learner's id" "runs only the tutor" exam mid --learner bob
refused "an exam with a path for a name" "runs only the tutor" exam ../mid
check "nothing was written where the attacks pointed" [ ! -e "$TMP/x" ]
check "only the course folder knows the learners" [ "$(ls "$C/learners")" = alice ]

# --- exams outside their window
refused "exam before it opens" "opens at 2099-01-01T09:00:00Z" exam later
refused "exam after it closes" "closed at 2001-01-01T09:00:00Z" exam gone
refused "an exam the course does not have" "no exam 'nope'" exam nope

# --- an exam sat, then again past its attempts; its only attempt asks first
printf 'n\nsubmit\nyes\n' | lssh bob -T "$HOST" exam mid >"$TMP/out" 2>&1
st=$?
check "the only attempt at mid asks first, naming the paper and the clock" sh -c "
	grep -q 'This is your only attempt at the exam mid: 3 items, 10 minutes,' '$TMP/out' &&
	grep -q '^the clock starts now. Start? \[y/N\]' '$TMP/out'"
check "... n starts nothing, says so and exits 0" sh -c "[ $st -eq 0 ] && grep -q 'Nothing was started' '$TMP/out' &&
	! grep -q 'Exam item 1' '$TMP/out'"
check "... and nothing was recorded" sh -c "[ ! -e '$C/learners/bob/progress.json' ] || python3 -c '
import json, sys; assert not json.load(open(sys.argv[1])).get(\"exams\")' '$C/learners/bob/progress.json'"
printf 'y\nsubmit\nyes\n' | lssh bob -T "$HOST" exam mid >"$TMP/out" 2>&1
check "bob sits the exam mid" grep -q "pass mark 70%" "$TMP/out"
check "... its results point to help for past exams, not to paratutor exam --history" sh -c "
	grep -q 'Past exams: ssh HOST help lists your sittings' '$TMP/out' && ! grep -q 'paratutor exam' '$TMP/out'"
check "... its id names the course exam" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); ids = [e["id"] for e in d["exams"]["done"]]
assert len(ids) == 1 and ids[0].startswith("mid/"), ids' "$C/learners/bob/progress.json"
lssh bob -T "$HOST" help </dev/null >"$TMP/out" 2>&1
check "... help says bob sat it, with his score" grep -q "you sat it 1 time; your best score: 0% (not passed)" "$TMP/out"
check "... and that every attempt is used" sh -c "grep -A1 'exam mid: 3 items, 10 minutes, pass 70%' '$TMP/out' |
	grep -q 'every attempt used (1 of 1)'"
printf 'submit\nyes\n' | lssh bob -T "$HOST" exam mid >"$TMP/out" 2>&1
st=$?
check "exam mid again past its attempt is refused" sh -c "[ $st -eq 1 ] && grep -q 'used your 1 attempt' '$TMP/out'"
check "... and no second paper was drawn" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); assert len(d["exams"]["done"]) == 1 and not d["exams"].get("open")' \
	"$C/learners/bob/progress.json"
# The whole session is read before it is searched: grep -q stopping at the
# match could end ssh while the session still holds dave's lock.
printf 'y\nsubmit\nyes\n' | lssh dave -T "$HOST" exam mid >"$TMP/out" 2>&1
check "dave's limit has his extra minutes" grep -q '15:00 left of 15:00' "$TMP/out"
# The last of several attempts asks too; the ones before it do not.
printf 'A\nA\nsubmit\nyes\n' | lssh dave -T "$HOST" exam twice >"$TMP/out" 2>&1
check "the first of two attempts starts at once" sh -c "grep -q 'Exam item 1 of 2' '$TMP/out' && ! grep -q 'Start?' '$TMP/out'"
lssh dave -T "$HOST" help </dev/null >"$TMP/out" 2>&1
check "... help says attempt 1 of 2 used" sh -c "grep -A1 'exam twice:' '$TMP/out' | grep -q 'attempt 1 of 2 used'"
cp "$C/learners/dave/progress.json" "$TMP/dave.before"
lssh dave -T "$HOST" exam twice </dev/null >"$TMP/out" 2>&1
st=$?
check "the last of two asks first; no answer (no input) starts nothing, exit 0" sh -c "[ $st -eq 0 ] &&
	grep -q 'This is your last attempt at the exam twice: 2 items, 5 minutes,' '$TMP/out' &&
	grep -q 'Nothing was started' '$TMP/out'"
check "... and nothing was recorded" cmp -s "$TMP/dave.before" "$C/learners/dave/progress.json"
rm -f "$TMP/dave.before"

# --- one learner twice: the second session is refused (help excepted), the first keeps its work
fifo=$TMP/in.fifo
mkfifo "$fifo"
lssh carol -T "$HOST" plain <"$fifo" >"$TMP/first" 2>&1 &
first=$!
exec 3>"$fifo"
i=0
while [ $i -lt 400 ] && ! grep -q "plain mode" "$TMP/first"; do sleep 0.05; i=$((i + 1)); done
lssh carol -T "$HOST" review </dev/null >"$TMP/out" 2>&1
st=$?
check "a second session of the same learner is refused" sh -c "[ $st -eq 1 ] && grep -q 'another session' '$TMP/out'"
lssh carol -T "$HOST" help </dev/null >"$TMP/out" 2>&1
st=$?
check "... but help, which only reads, goes on beside it" sh -c "[ $st -eq 0 ] && grep -q 'exam mid:' '$TMP/out' &&
	! grep -q 'another session' '$TMP/out'"
printf '1\n1 a 2 b\nquit\n' >&3
exec 3>&-
wait $first
check "... and the first session's answer is kept" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); assert d["lessons"]["screen-drills"]["items"]' \
	"$C/learners/carol/progress.json"

# --- results released after the exam closes: nothing of the sitting shows before
printf 'y\nA\nA\nsubmit\nyes\n' | lssh bob -T "$HOST" exam sealed >"$TMP/out" 2>&1
check "results after close: the sitting ends with the release time, no score or verdict" sh -c "
	tr '\\n' ' ' <'$TMP/out' | grep -q 'releases its results when the exam *closes' &&
	! grep -qE 'Score:|Correct|What to study next|Right|Your score' '$TMP/out'"
lssh bob -T "$HOST" help </dev/null >"$TMP/out" 2>&1
check "... help says when they come out, not the score" sh -c "
	grep -A2 'exam sealed' '$TMP/out' | grep -q 'the results come out at' &&
	! grep -A2 'exam sealed' '$TMP/out' | grep -q 'best score'"
check "... and nothing of the paper is scheduled for bob's reviews" python3 -c '
import json, sys; d = json.load(open(sys.argv[1]))
assert not d.get("lessons", {}).get("course-quiz", {}).get("items"), d
assert d["exams"]["done"][-1]["id"].startswith("sealed/"), d' "$C/learners/bob/progress.json"
# Bob tries every other place a score shows: plain stats, and the full
# screen's statistics (its exam history, paged down to) in a local hosted
# session as sshd's forced command runs it.  Exam 1 is mid, exam 2 sealed.
printf 'stats\nquit\n' | lssh bob -T "$HOST" plain >"$TMP/out" 2>&1
check "... plain stats lists the sitting with its release time, not its score" sh -c "
	grep -q 'Exam 2, .*: result on .* (UTC)\.' '$TMP/out' && ! grep -q 'Exam 2, .*%' '$TMP/out' &&
	grep -q 'Exam 1, .*: 0%, not passed' '$TMP/out'"
lssh bob -T "$HOST" 'exam --history' </dev/null >"$TMP/out" 2>&1
check "... exam --history is not a word the account takes" grep -q "runs only the tutor" "$TMP/out"
# screen_stats LEARNER: the full screen's statistics, paged down to the
# exam list's second line, into $TMP/out (polled, 10 s per step).
screen_stats() {
	sock=$TMP/tmux-stats
	tmux -S "$sock" -f /dev/null new-session -d -x 80 -y 24 -e TERM=xterm-256color -e LANG=C.UTF-8 \
		-e PARATUTOR_TEST_NOW="$TMP/clock" "$bin --course $C --learner $1; echo exit=\$?; sleep 600"
	poll_sock "$sock" "e exam" && tmux -S "$sock" send-keys s && poll_sock "$sock" "your statistics"
	i=0
	while [ $i -lt 12 ] && ! grep -q '^ *2\. ' "$TMP/out"; do
		tmux -S "$sock" send-keys NPage
		poll_sock "$sock" "more above" || true
		i=$((i + 1))
	done
	tmux -S "$sock" kill-server >/dev/null 2>&1
}
# poll_sock SOCKET TEXT - polls that tmux server's pane until it shows TEXT (10 s).
poll_sock() {
	i2=0
	while [ $i2 -lt 200 ]; do
		tmux -S "$1" capture-pane -p -J >"$TMP/out" 2>/dev/null
		grep -qF -- "$2" "$TMP/out" && return 0
		sleep 0.05
		i2=$((i2 + 1))
	done
	return 1
}
screen_stats bob
check "... the full screen's exam history lists it with its release time, not its score" sh -c "
	grep -q '^ *2\. .*result on .* (UTC)' '$TMP/out' && ! grep -q '^ *2\. .*%' '$TMP/out'"

# --- a connection dropped mid-exam: the clock goes on, submitted at its deadline
mkfifo "$TMP/exam.fifo"
lssh carol -T "$HOST" exam quiz <"$TMP/exam.fifo" >"$TMP/exam.out" 2>&1 &
sitting=$!
exec 4>"$TMP/exam.fifo"
i=0
while [ $i -lt 400 ] && ! grep -q "Start? \[y/N\]" "$TMP/exam.out"; do sleep 0.05; i=$((i + 1)); done
printf 'y\n' >&4
i=0
while [ $i -lt 400 ] && ! grep -q "Exam item 1 of 2" "$TMP/exam.out"; do sleep 0.05; i=$((i + 1)); done
printf 'A\n' >&4
i=0
while [ $i -lt 400 ] && ! grep -q "Kept your answer" "$TMP/exam.out"; do sleep 0.05; i=$((i + 1)); done
kill -9 $sitting 2>/dev/null
wait $sitting 2>/dev/null
exec 4>&-
# The server's side ends when sshd sees the connection gone: wait on the lock, not the clock.
i=0
while [ $i -lt 400 ] && ! python3 -c '
import fcntl, sys; f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)' \
	"$C/learners/carol/session.lock" 2>/dev/null; do sleep 0.05; i=$((i + 1)); done
check "the dropped exam is open in the store" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); o = d["exams"]["open"]; assert o["id"].startswith("quiz/"), o' \
	"$C/learners/carol/progress.json"
lssh carol -T "$HOST" plain </dev/null >"$TMP/out" 2>&1
check "while it runs, lessons are closed to that learner" grep -q "your exam quiz is open" "$TMP/out"
lssh carol -T "$HOST" help </dev/null >"$TMP/out" 2>&1
st=$?
check "... but help is open, naming the sitting, its time left and the way back" sh -c "[ $st -eq 0 ] &&
	grep -A1 'exam quiz:' '$TMP/out' | grep -q \"you are sitting it now: [0-9]*:[0-9][0-9] left; ssh HOST 'exam quiz' goes on with it\""
check "... and gives nothing of the paper away" sh -c "! grep -qiE 'Exam item|Canberra|Correct|answer' '$TMP/out'"
echo $(($(cat "$TMP/clock") + 3600)) >"$TMP/clock"
cp "$C/learners/carol/progress.json" "$TMP/carol.before"
PARATUTOR_TEST_NOW=$TMP/clock "$bin" class --format gradebook "$C" >"$TMP/out" 2>&1
check "an hour later, the class report counts it as submitted at its deadline" python3 -c '
import csv, sys; rows = list(csv.reader(open(sys.argv[1]))); col = rows[0].index("Exam: quiz")
carol = [r for r in rows if r[3] == "carol"][0]; assert carol[col] != "", rows' "$TMP/out"
check "... without writing the store" cmp -s "$TMP/carol.before" "$C/learners/carol/progress.json"
rm -f "$TMP/carol.before"
lssh carol -T "$HOST" help </dev/null >"$TMP/out" 2>&1
check "an hour later it was submitted at its deadline" grep -q "submitted as it stood at its deadline" "$TMP/out"
check "... in the store: timed out, finished at started + limit, the answer kept" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); e = d["exams"]
assert not e.get("open"), e
x = e["done"][-1]; assert x["id"].startswith("quiz/") and x["timed_out"] and x["finished"] == x["started"] + x["limit"], x
assert any(i.get("answer") for i in x["items"]), x' "$C/learners/carol/progress.json"
lssh carol -T "$HOST" exam quiz </dev/null >"$TMP/out" 2>&1
check "carol cannot sit the dropped exam again" grep -q "used your 1 attempt" "$TMP/out"
lssh bob -T "$HOST" help </dev/null >"$TMP/out" 2>&1
check "an hour later, past the close, help gives bob's score of the sealed exam" sh -c "
	grep -A2 'exam sealed' '$TMP/out' | grep -q 'best score'"
printf 'stats\nquit\n' | lssh bob -T "$HOST" plain >"$TMP/out" 2>&1
check "... and so does plain stats" grep -q 'Exam 2, .*: [0-9]*%, \(not \)\{0,1\}passed' "$TMP/out"
screen_stats bob
check "... and the full screen's exam history" grep -q '^ *2\. .* [0-9]*%  \(not \)\{0,1\}passed' "$TMP/out"

# --- port forwarding
fport=$(free_port)
lssh_exec alice -N -o ExitOnForwardFailure=yes -L "$fport:127.0.0.1:$SSHD_PORT" "$HOST" </dev/null >"$TMP/fwd.out" 2>&1 &
fwd=$!
got=$(python3 - "$fport" <<'PY'
import socket, sys, time
port = int(sys.argv[1])
for _ in range(400):
    try:
        s = socket.create_connection(("127.0.0.1", port), 1)
        break
    except OSError:
        time.sleep(0.05)
else:
    print("no-listener"); sys.exit()
s.settimeout(10)
try:
    data = s.recv(64)
except OSError:
    data = b""
print("banner" if data.startswith(b"SSH-") else "refused")
PY
)
kill $fwd 2>/dev/null
wait $fwd 2>/dev/null
check "-L port forwarding reaches nothing ($got)" [ "$got" = refused ] || [ "$got" = no-listener ]
lssh alice -T -W "127.0.0.1:$SSHD_PORT" "$HOST" </dev/null >"$TMP/out" 2>&1
check "-W (stdio forwarding) is refused" grep -q "prohibited\|forwarding failed" "$TMP/out"

# --- environment variables other than TERM, LANG, LC_*, COLUMNS
printf '1\n1 a 2 b\nquit\n' | lssh dave -T -o "SetEnv=XDG_STATE_HOME=$TMP/evil-state XDG_CACHE_HOME=$TMP/evil-cache XDG_CONFIG_HOME=$TMP/evil-config XDG_DATA_HOME=$TMP/evil-data HOME=$TMP/evil-home PARATUTOR_TEST_NOW=0" \
	"$HOST" plain >"$TMP/out" 2>&1
check "with XDG_*, HOME and a clock sent, the record still lands in the course" python3 -c '
import json, sys; d = json.load(open(sys.argv[1])); assert d["lessons"]["screen-drills"]["items"]' \
	"$C/learners/dave/progress.json"
check "... and nothing is written where they point" sh -c "! ls -d '$TMP'/evil-* 2>/dev/null | grep -q ."

# --- the full screen under ssh -tt in tmux: the menu, then q quits cleanly
TMUX_SOCK=$TMP/tmux
ssh_cmd="ssh -F /dev/null -p $SSHD_PORT -i $TMP/keys/alice -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=$TMP/known_hosts -o LogLevel=ERROR -tt $HOST"
# pane W H [WORDS] - runs ssh -tt (with the words) in a fresh W x H tmux pane that
# stays after it ends.
panes=0
pane() {
	tmux -S "$TMUX_SOCK" kill-server >/dev/null 2>&1
	panes=$((panes + 1))
	TMUX_SOCK=$TMP/tmux-$panes # a new server: no race with the old one's exit
	tmux -S "$TMUX_SOCK" -f /dev/null new-session -d -x "$1" -y "$2" -e TERM=xterm-256color -e LANG=C.UTF-8 \
		"$ssh_cmd ${3:-}; echo \"exit=\$?\"; sleep 600"
}
# wait_pane TEXT - polls the pane until it shows TEXT (10 s).
wait_pane() {
	i=0
	while [ $i -lt 200 ]; do
		tmux -S "$TMUX_SOCK" capture-pane -p -J >"$TMP/out" 2>/dev/null
		grep -qF -- "$1" "$TMP/out" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
pane 80 24
check "the full screen shows the menu over ssh -tt" wait_pane "Screen test drills"
tmux -S "$TMUX_SOCK" send-keys q
check "... and q quits cleanly (exit 0)" wait_pane "exit=0"
pane 10 3
check "a 10x3 terminal gets a screen that says so, no crash" sh -c "i=0; while [ \$i -lt 200 ]; do
	tmux -S '$TMUX_SOCK' capture-pane -p >'$TMP/out'; grep -q '[a-z]' '$TMP/out' && exit 0; sleep 0.05; i=\$((i+1)); done; exit 1"
tmux -S "$TMUX_SOCK" send-keys q
tmux -S "$TMUX_SOCK" resize-window -x 80 -y 24 >/dev/null 2>&1
check "... and q leaves it cleanly (exit 0)" wait_pane "exit=0"
# A course exam on the full screen: left (which ends the session, since
# every lesson is closed while it runs), taken up again by its name,
# submitted.
pane 80 24 "'exam mid'"
check "the full screen asks before a last attempt" wait_pane "Start? [y/N]"
tmux -S "$TMUX_SOCK" send-keys y Enter
check "the full screen sits a course exam over ssh -tt" wait_pane "Exam: item 1 of 3"
tmux -S "$TMUX_SOCK" send-keys q
wait_pane "exit=" >/dev/null
check "... q ends the session, saying the clock runs on and how to come back" sh -c "grep -q 'exit=0' '$TMP/out' &&
	grep -q \"clock still running (.* left): ssh HOST 'exam mid' takes it up\" '$TMP/out' &&
	! grep -q 'e in the menu' '$TMP/out'"
check "... and no lesson opened: the store holds the open exam" python3 -c '
import json, sys; d = json.load(open(sys.argv[1]))["exams"]; assert d["open"]["id"].startswith("mid/"), d' \
	"$C/learners/alice/progress.json"
pane 80 24 "'exam mid'"
check "... ssh HOST 'exam mid' takes the open exam up again" wait_pane "take the exam up again"
check "... asking nothing first" sh -c "! grep -q 'Start?' '$TMP/out'"
tmux -S "$TMUX_SOCK" send-keys s
wait_pane "y: submit" >/dev/null
tmux -S "$TMUX_SOCK" send-keys y
check "... submitted, its results" wait_pane "Exam results"
tmux -S "$TMUX_SOCK" send-keys m
wait_pane "(s shows it)" >/dev/null
check "... back at the menu, it says s shows the history, not a command the account refuses" sh -c "
	grep -q '(s shows it)' '$TMP/out' && ! grep -q 'paratutor exam' '$TMP/out'"
tmux -S "$TMUX_SOCK" send-keys e
check "... then the exam key says how a course's exams are sat" wait_pane "Exams on this course are sat with"
tmux -S "$TMUX_SOCK" send-keys q
check "... and q quits cleanly (exit 0)" wait_pane "exit=0"
check "... alice's exam is in her store, once" python3 -c '
import json, sys; d = json.load(open(sys.argv[1]))["exams"]
assert [e["id"][:4] for e in d["done"]] == ["mid/"] and not d.get("open"), d' "$C/learners/alice/progress.json"
tmux -S "$TMUX_SOCK" kill-server >/dev/null 2>&1

# --- an exam left at the prompt says how to take it up: over ssh, by its name
"$bin" course add-exam "$C" later2 --lessons course-quiz --count 2 --minutes 30 >/dev/null
printf 'y\nquit\n' | lssh dave -T "$HOST" exam later2 >"$TMP/out" 2>&1
check "an exam left says to connect again with 'exam later2', not to run paratutor" sh -c "
	grep -q \"connect to the course again with 'exam later2' to resume it\" '$TMP/out' &&
	! grep -q 'run paratutor' '$TMP/out'"

# --- nothing outside the course folder
# Other runs may use the home folder's paratutor files meanwhile: a file is
# this course's when it names the test's folder (an index names its lessons'
# paths), or when it sits in the test's folder outside the course.
touched=$(find "$home" -newer "$TMP/marker" -type f -path '*paratutor*' -exec grep -lF "$TMP" {} + 2>/dev/null)
touched="$touched$(find "$TMP" -newer "$TMP/marker" -type f | grep -v "^$C/" |
	grep -v "^$TMP/\(out\|first\|exam.out\|fwd.out\|clock\|known_hosts\|tmux\|sshd.log\)$")"
check "no file written outside the course folder (${touched:-none})" [ -z "$touched" ]
check "the learners' folders are the roster's" [ "$(ls "$C/learners" | tr '\n' ' ')" = "alice bob carol dave " ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
