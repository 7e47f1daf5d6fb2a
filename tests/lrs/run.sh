#!/bin/sh
# run.sh BINARY - paratutor sync against a real Learning Record Store:
# Learning Locker's statement service (npm xapi-statements 5.0.1, installed
# into build/npm-lrs) on 127.0.0.1 at a free port with in-memory storage,
# started here and stopped at the end.  30 learners play in plain mode and
# sync; the LRS must then hold exactly the statements --report --format
# xapi lists; a second sync adds none; a closed port, a kill -9 at the worst
# moment and a statement the LRS rejects lose and double nothing; a
# credentials file others can read is refused; the secret is never printed.
set -u
bin=$1
passed=0 failed=0
. tests/lib/npm-oracle.sh
tmp=$(mktemp -d)
server=""
stub=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; [ -n "$stub" ] && kill "$stub" 2>/dev/null; rm -rf "$tmp"' EXIT
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; [ -f "$tmp/err" ] && sed 's/^/  | /' "$tmp/err" | head -10; }
check() { name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

npm_oracle xapi-statements 5.0.1 build/npm-lrs || finish
port=$(python3 tests/lrs/lrs.py free-port)
# monotonic-ids.js: the store's paging must neither repeat nor skip a statement
# whenever the suite runs (see that file).
ids_js=$(pwd)/tests/lrs/monotonic-ids.js
(cd build/npm-lrs/node_modules/xapi-statements && AUTH_REPO=test EVENTS_REPO=test MODELS_REPO=memory \
	STORAGE_REPO=local EXPRESS_PORT=$port exec node --require "$ids_js" dist/index.js) >"$tmp/server.log" 2>&1 &
server=$!
url=http://127.0.0.1:$port/xAPI
tries=0
until python3 tests/lrs/lrs.py ids "$url" >/dev/null 2>&1; do
	tries=$((tries + 1))
	if [ "$tries" -gt 300 ] || ! kill -0 "$server" 2>/dev/null; then
		not_ok "the LRS started on 127.0.0.1:$port"; tail -5 "$tmp/server.log"; finish
	fi
	sleep 0.1
done
ok "the LRS started on 127.0.0.1:$port"

lessons=tests/fixtures/good/minimal.json
secret='k3y-S3CRET-never-printed'
auth=$tmp/auth
printf 'paratutor:%s\n' "$secret" >"$auth"
chmod 600 "$auth"
export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
: >"$tmp/all-output"
# sync N ARGS...: syncs learner N's store; its output is kept for the
# secret check.
sync() {
	n=$1
	shift
	"$bin" sync --lrs-auth "$auth" --state "$tmp/l$n/progress.json" --actor "mailto:learner$n@example.org" \
		--only-lessons "$lessons" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
	return $st
}
# expected N: the statement ids --report --format xapi lists for learner N.
expected() {
	"$bin" --report --format xapi --state "$tmp/l$1/progress.json" --actor "mailto:learner$1@example.org" \
		--only-lessons "$lessons" 2>/dev/null | python3 -c 'import json,sys; [print(s["id"]) for s in json.load(sys.stdin)]'
}
# play N: learner N works through the fixture lesson in plain mode, with
# one of three ways of answering (learner 30 a fourth).
play() {
	mkdir -p "$tmp/l$1"
	case $(($1 % 3)) in
	0) set -- "$1" "1 b 2 d" b "a c" ;;
	1) set -- "$1" "1 a 2 b" "1 b 2 d" a b "a b" "a c" ;;
	2) set -- "$1" hint "1 b 2 d" c a ;;
	esac
	# Learner 30 starts a second attempt and gets the fill item right after a
	# wrong check: the lesson score stays the first attempt's.
	[ "$1" -eq 30 ] && set -- "$1" "1 b 2 d" b "a c" 1 reset yes "1 a 2 b" "1 b 2 d" next a b next "a c"
	n=$1
	shift
	printf '%s\n' 1 "$@" quit | "$bin" --plain --no-shuffle --only-lessons "$lessons" --state "$tmp/l$n/progress.json" \
		>/dev/null 2>&1
}
lrs_ids() { python3 tests/lrs/lrs.py ids "$url" | sort; }

# ---- 30 learners, synced ---------------------------------------------------
: >"$tmp/expected"
all_ok=true
for n in $(seq 1 30); do
	play "$n"
	expected "$n" >>"$tmp/expected"
	sync "$n" --lrs "$url" || all_ok=false
done
check "30 learners synced, each exit 0" $all_ok
sort "$tmp/expected" >"$tmp/expected.sorted"
lrs_ids >"$tmp/held"
want=$(wc -l <"$tmp/expected.sorted") got=$(wc -l <"$tmp/held")
check "the LRS holds as many statements as --report --format xapi lists ($got of $want)" \
	[ "$got" -eq "$want" -a "$want" -ge 90 ]
check "the LRS holds exactly the ids --report --format xapi lists" cmp -s "$tmp/expected.sorted" "$tmp/held"
sync 7 --lrs "$url"
check "a second sync sends nothing new" grep -q "sent 0 of 0 statements.*acknowledged before" "$tmp/out"
lrs_ids >"$tmp/held2"
check "a second sync adds no statement" cmp -s "$tmp/held" "$tmp/held2"

# ---- the class report read back from the LRS ----------------------------------
# The stores, each in a folder named as its learner's actor, so the two reports
# name (and order) the learners alike.
for n in $(seq 1 30); do
	mkdir -p "$tmp/byname/learner$n@example.org"
	cp "$tmp/l$n/progress.json" "$tmp/byname/learner$n@example.org/"
done
"$bin" class --format csv --only-lessons "$lessons" "$tmp/byname" >"$tmp/class-stores.csv" 2>"$tmp/err"
check "class over the 30 stores (exit 0)" [ $? -eq 0 ]
"$bin" class --format csv --only-lessons "$lessons" --lrs "$url" --lrs-auth "$auth" --lrs-page 7 \
	>"$tmp/class-lrs.csv" 2>"$tmp/err"
check "class --lrs over the same learners (exit 0)" [ $? -eq 0 ]
cat "$tmp/class-lrs.csv" "$tmp/err" >>"$tmp/all-output"
held=$(wc -l <"$tmp/held")
check "... it followed 'more' through pages of 7 to all $held statements, and says so in one line" \
	sh -c "[ $held -gt 14 ] && grep -c '^paratutor: read $held statements from $url: .* of 30 learners' '$tmp/err' | grep -qx 1"
check "... the same facility and discrimination figures, item by item, and the same wrong answers" \
	python3 tests/lrs/lrs.py same-items "$tmp/class-stores.csv" "$tmp/class-lrs.csv"
"$bin" class --format json --only-lessons "$lessons" "$tmp/byname" >"$tmp/class-stores.json" 2>/dev/null
"$bin" class --format json --only-lessons "$lessons" --lrs "$url" --lrs-auth "$auth" >"$tmp/class-lrs.json" 2>/dev/null
check "... and the JSON reports give the same lesson scores and item figures" \
	python3 tests/lrs/lrs.py same-json "$tmp/class-stores.json" "$tmp/class-lrs.json"
since=$(date -u -d '+1 hour' +%Y-%m-%dT%H:%M:%SZ)
"$bin" class --only-lessons "$lessons" --lrs "$url" --lrs-auth "$auth" --since "$since" >/dev/null 2>"$tmp/err"
st=$?
check "--since an hour ahead reads no statement and says nothing to report (exit $st)" \
	sh -c "[ $st -eq 1 ] && grep -q 'read 0 statements' '$tmp/err' && grep -q 'nothing to report' '$tmp/err'"
mkdir -p "$tmp/config/paratutor"
printf 'lrs = %s\nlrs_auth = %s\n' "$url" "$auth" >"$tmp/config/paratutor/config"
"$bin" class --format csv --only-lessons "$lessons" --lrs >"$tmp/class-config.csv" 2>"$tmp/err"
check "class --lrs alone takes lrs and lrs_auth from the configuration file" \
	python3 tests/lrs/lrs.py same-items "$tmp/class-stores.csv" "$tmp/class-config.csv"
rm -f "$tmp/config/paratutor/config"

# A stub for what the real LRS will not answer: a wrong secret, a 403, a
# hostile page.
python3 tests/lrs/lrs.py stub "$auth" "$tmp/stub-port" &
stub=$!
tries=0
until [ -s "$tmp/stub-port" ] || [ "$tries" -gt 300 ]; do tries=$((tries + 1)); sleep 0.1; done
stub_url=http://127.0.0.1:$(cat "$tmp/stub-port")
wrong=$tmp/wrong-auth
printf 'paratutor:not-the-%s\n' "$secret" >"$wrong"
chmod 600 "$wrong"
"$bin" class --only-lessons "$lessons" --lrs "$stub_url/ok/xAPI" --lrs-auth "$wrong" >"$tmp/out" 2>"$tmp/err"
st=$?
cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
check "class --lrs with a wrong secret: HTTP 401 in one line, exit $st, no report" \
	sh -c "[ $st -ne 0 ] && [ ! -s '$tmp/out' ] && [ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q 'refused the credentials.*HTTP 401' '$tmp/err'"
"$bin" class --only-lessons "$lessons" --lrs "$stub_url/forbidden/xAPI" --lrs-auth "$auth" >"$tmp/out" 2>"$tmp/err"
st=$?
cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
check "class --lrs refused with 403: one line, exit $st, no report" \
	sh -c "[ $st -ne 0 ] && [ ! -s '$tmp/out' ] && [ \$(wc -l <'$tmp/err') -eq 1 ] && grep -q 'refused the credentials.*HTTP 403' '$tmp/err'"
chmod 644 "$auth"
"$bin" class --only-lessons "$lessons" --lrs "$stub_url/ok/xAPI" --lrs-auth "$auth" >"$tmp/out" 2>"$tmp/err"
st=$?
chmod 600 "$auth"
check "class --lrs refuses a credentials file others can read (exit $st)" \
	sh -c "[ $st -ne 0 ] && grep -q 'chmod 600' '$tmp/err'"
"$bin" class --format gradebook --only-lessons "$lessons" --lrs "$stub_url/ok/xAPI" --lrs-auth "$auth" \
	>"$tmp/out" 2>"$tmp/err"
st=$?
cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
check "a hostile page: the two good statements read, 13 malformed and 1 other counted in one line (exit $st)" \
	sh -c "[ $st -eq 0 ] && grep -c 'read 16 statements.*2 item results of 2 learners.*skipped 13 malformed and 1 that' '$tmp/err' | grep -qx 1"
check "... the learner's escape sequence never reaches the output raw" sh -c "! grep -q \"\$(printf '\\033')\" '$tmp/out' '$tmp/err'"
check "... nor a cell starting a formula: the learner =1+2 is text" \
	sh -c "! grep -q '^=\|,=' '$tmp/out' && grep -q \"'=1+2,\" '$tmp/out'"
kill "$stub" 2>/dev/null
wait "$stub" 2>/dev/null

# ---- an LRS that cannot be reached, then can ---------------------------------
play 31
closed=$(python3 tests/lrs/lrs.py free-port)
sync 31 --lrs "http://127.0.0.1:$closed/xAPI"
st=$?
check "a sync to a closed port exits non-zero" [ "$st" -ne 0 ]
check "... and says the LRS cannot be reached, in one line" \
	sh -c "grep -c 'cannot reach the LRS at http://127.0.0.1:$closed/xAPI' '$tmp/err' | grep -qx 1"
sync 31 --lrs "$url"
check "a later sync delivers everything (exit 0)" [ $? -eq 0 ]
expected 31 >>"$tmp/expected"
sort "$tmp/expected" >"$tmp/expected.sorted"
lrs_ids >"$tmp/held"
check "the LRS holds every statement once" cmp -s "$tmp/expected.sorted" "$tmp/held"

# ---- kill -9 after the LRS took a batch, before it was recorded -------------
play 32
PARATUTOR_TEST_SYNC_KILL_AFTER_POST=2 sync 32 --lrs "$url" --batch 1
st=$?
check "the sync was killed (status $st)" [ "$st" -eq 137 ]
sent=$(grep -vc '^#' "$tmp/l32/progress.json.lrs-sent")
check "its record holds the first batch only ($sent), not the one the LRS took last" [ "$sent" -eq 1 ]
sync 32 --lrs "$url" --batch 1
check "the next sync delivers the rest (exit 0)" [ $? -eq 0 ]
expected 32 >>"$tmp/expected"
sort "$tmp/expected" >"$tmp/expected.sorted"
lrs_ids >"$tmp/held"
check "after the kill, nothing lost and nothing doubled" cmp -s "$tmp/expected.sorted" "$tmp/held"

# ---- a statement the LRS rejects ---------------------------------------------
play 33
expected 33 >"$tmp/e33"
bad=$(sed -n 2p "$tmp/e33")
python3 tests/lrs/lrs.py conflict "$url" "$bad"
sync 33 --lrs "$url"
st=$?
check "a sync with a statement the LRS rejects exits non-zero" [ "$st" -ne 0 ]
check "... and names the rejected statement" grep -q "the LRS rejected statement $bad (HTTP 409" "$tmp/err"
check "... and keeps it aside" grep -q "\"id\":[[:space:]]*\"$bad\"" "$tmp/l33/progress.json.lrs-rejected.json"
lrs_ids >"$tmp/held"
others=$(grep -vx "$bad" "$tmp/e33" | wc -l)
arrived=$(grep -vx "$bad" "$tmp/e33" | grep -cxFf - "$tmp/held")
check "... and the others arrive ($arrived of $others)" [ "$arrived" -eq "$others" -a "$others" -ge 2 ]

# ---- the credentials file ------------------------------------------------------
play 34
for mode in 644 640 604 660; do
	chmod $mode "$auth"
	sync 34 --lrs "$url"
	st=$?
	check "a credentials file of mode $mode is refused (exit $st, nothing sent)" \
		sh -c "[ $st -ne 0 ] && grep -q 'chmod 600' '$tmp/err' && [ ! -e '$tmp/l34/progress.json.lrs-sent' ]"
done
chmod 600 "$auth"
ln -s "$auth" "$tmp/auth-link"
"$bin" sync --lrs "$url" --lrs-auth "$tmp/auth-link" --state "$tmp/l34/progress.json" --actor mailto:a@example.org \
	--only-lessons "$lessons" >"$tmp/out" 2>"$tmp/err"
check "a credentials file reached through a symbolic link is refused" grep -q 'symbolic link' "$tmp/err"
cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
sync 34 --lrs "http://paratutor:$secret@127.0.0.1:$port/xAPI"
check "an address with a password in it is refused" grep -q 'holds a user name or password' "$tmp/err"
sync 34 --lrs "http://lrs.example.org/xAPI"
check "http:// to another machine is refused (credentials in clear)" grep -q 'use https://' "$tmp/err"
mkdir -p "$tmp/config/paratutor"
printf 'lrs = %s\nlrs_auth = %s\n' "$url" "$auth" >"$tmp/config/paratutor/config"
"$bin" sync --state "$tmp/l34/progress.json" --actor mailto:learner34@example.org --only-lessons "$lessons" \
	>"$tmp/out" 2>"$tmp/err"
check "lrs and lrs_auth in the configuration file are used" grep -q "sent [1-9][0-9]* of [1-9][0-9]* statements to $url" "$tmp/out"
cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"
check "no output of any sync or class --lrs holds the secret" sh -c "! grep -qF '$secret' '$tmp/all-output'"
check "the runs above said something to check" [ -s "$tmp/all-output" ]

kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
server=""
finish
