#!/bin/sh
# cli.sh BINARY - the instructor's `paratutor course` commands on a course
# folder: the folder and its modes, the roster and authorized_keys, every
# refusal (bad key files, duplicate ids and keys, unsafe ids) leaving the
# files byte for byte as they were, exams written into course.json, and
# members course.json gains later kept through a rewrite.
set -u
bin=$(realpath "$1")
passed=0
failed=0
src=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; [ -f out ] && sed 's/^/  | /' out | head -20; }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

"$bin" course init c --title "Parallelism 101" --with-bundled >out 2>&1
check "init succeeds" [ $? -eq 0 ]
check "init prints the sshd lines" grep -q "AuthorizedKeysFile $tmp/c/authorized_keys" out
check "init prints AcceptEnv" grep -q "AcceptEnv TERM LANG LC_\* COLUMNS" out
check "the folder is 0700" [ "$(stat -c %a c c/lessons c/learners | sort -u)" = 700 ]
check "course.json and authorized_keys are 0600" [ "$(stat -c %a c/course.json c/authorized_keys | sort -u)" = 600 ]
check "--with-bundled copies the lessons" [ -f c/lessons/01-dp-vs-mp.json ]
check "... and says they are in, not to put lessons there" grep -q "The bundled lessons are in $tmp/c/lessons; add the course's own there" out
"$bin" course init c >out 2>&1
check "init refuses an existing folder" [ $? -eq 1 ]
"$bin" course init no-such/parent/c >out 2>&1
check "init into a missing parent folder fails and says what to do" sh -c '[ $1 -eq 1 ] && grep -q "the folder it goes in must exist: make it first" out' sh $?
"$bin" course list . >out 2>&1
check "course list on a folder that is no course says so and what to run" sh -c '[ $1 -eq 1 ] && grep -q "is not a course folder (it has no course.json); make a course with: paratutor course init" out' sh $?
"$bin" course list >out 2>&1
check "course list with no folder prints a usage line saying what to type" sh -c '[ $1 -eq 2 ] && grep -q "^Usage: paratutor course list DIR" out' sh $?
"$bin" course init "c4 sp" >out 2>&1
check "init refuses a path the forced command cannot name, and says which" sh -c '[ $1 -eq 1 ] && grep -q "c4 sp: the forced command can only name" out' sh $?
check "... before making anything" [ ! -e "c4 sp" ]
"$bin" course init "c4sp" >out 2>&1
check "... so the same course in a good path is made next" [ $? -eq 0 ] && rm -rf c4sp

ssh-keygen -q -t ed25519 -N '' -C alice@laptop -f alice >/dev/null
ssh-keygen -q -t ed25519 -N '' -f bob >/dev/null
"$bin" course add-learner c alice --key alice.pub --name "Alice Liddell" --email alice@example.org >out 2>&1
check "add-learner succeeds" [ $? -eq 0 ]
exe=$(realpath "$bin")
line="command=\"$exe --course $tmp/c --learner alice\",restrict,pty $(cut -d' ' -f1,2 alice.pub) alice"
check "authorized_keys holds the forced command line" grep -qxF "$line" c/authorized_keys
check "the key's own comment is dropped" sh -c '! grep -q alice@laptop c/authorized_keys'

# refused NAME ARGS...: add-learner fails and changes nothing.
refused() {
	name=$1; shift
	cp c/course.json before.json; cp c/authorized_keys before.keys
	"$bin" course add-learner c "$@" >out 2>&1
	st=$?
	if [ $st -eq 1 ] && cmp -s before.json c/course.json && cmp -s before.keys c/authorized_keys &&
	    [ -z "$(find c -name '*.tmp-*')" ]; then ok "refused, nothing written: $name"
	else bad "refused, nothing written: $name (status $st)"; fi
}
refused "a duplicate id" alice --key bob.pub
refused "a duplicate key" carol --key alice.pub
refused "an id with capitals" Bob --key bob.pub
refused "an id with a slash" ../bob --key bob.pub
refused "an id with a space" "bo b" --key bob.pub
refused "an id of 33 characters" abcdefghijabcdefghijabcdefghijabc --key bob.pub
refused "a private key" bob --key bob
printf 'from="10.0.0.1" %s\n' "$(cat bob.pub)" >opts.pub
refused "a key line with options" bob --key opts.pub
{ cat bob.pub; cat alice.pub; } >two.pub
refused "two key lines" bob --key two.pub
printf 'ssh-ed25519 AAAA!!notbase64 x\n' >b64.pub
refused "a blob that is not base64" bob --key b64.pub
printf 'ssh-rsa %s x\n' "$(cut -d' ' -f2 bob.pub)" >type.pub
refused "a blob of another type" bob --key type.pub
printf '%s\033[2J\n' "$(cut -d' ' -f1,2 bob.pub)" >esc.pub
refused "a control character" bob --key esc.pub
: >empty.pub
refused "an empty file" bob --key empty.pub
printf 'ssh-ed25519 %s x\ncommand="sh" ssh-ed25519 %s\n' "$(cut -d' ' -f2 bob.pub)" "$(cut -d' ' -f2 bob.pub)" >nl.pub
refused "a second line that would be a key with its own command" bob --key nl.pub
refused "a missing key file" bob --key nothere.pub
refused "a name with a newline" bob --key bob.pub --name "$(printf 'Bob\nX')"

"$bin" course add-learner c bob --key bob.pub --name "Bob" >out 2>&1
check "a second learner" [ $? -eq 0 ]
check "authorized_keys has a line per learner" [ "$(grep -c '^command=' c/authorized_keys)" -eq 2 ]

"$bin" course add-exam c midterm --lessons dp-vs-mp,collectives --count 4 --minutes 10 \
	--opens 2026-01-01T09:00Z --closes '2099-01-01 09:00' --attempts 2 --pass 60 --extra-minutes bob=5 >out 2>&1
check "add-exam succeeds" [ $? -eq 0 ]
check "the exam is in course.json" python3 -c '
import json; c = json.load(open("c/course.json")); e = c["exams"][0]
assert e == {"name": "midterm", "lessons": ["dp-vs-mp", "collectives"], "count": 4, "minutes": 10,
  "opens": "2026-01-01T09:00:00Z", "closes": "2099-01-01T09:00:00Z", "attempts": 2, "pass": 60,
  "extra_minutes": {"bob": 5}}, e'
printf '{"blueprint": 1, "shares": {"dp-vs-mp": 70, "collectives": 30}}\n' >bp.json
"$bin" course add-exam c final --blueprint bp.json --count 6 --minutes 20 >out 2>&1
check "add-exam from a blueprint" python3 -c '
import json; e = json.load(open("c/course.json"))["exams"][1]
assert e["blueprint"] == {"dp-vs-mp": 70, "collectives": 30} and e["attempts"] == 1 and e["pass"] == 70, e'
for args in "final --lessons dp-vs-mp --count 2 --minutes 5" "x1 --lessons no-such-lesson --count 2 --minutes 5" \
	"x2 --lessons dp-vs-mp --count 2 --minutes 5 --extra-minutes zed=5" \
	"x3 --lessons dp-vs-mp --count 2 --minutes 5 --opens 2027-01-01T00:00Z --closes 2026-01-01T00:00Z" \
	"Bad --lessons dp-vs-mp --count 2 --minutes 5" "x4 --lessons dp-vs-mp --count 2 --minutes 5 --opens tomorrow" \
	"x5 --lessons dp-vs-mp --minutes 5" "x6 --lessons dp-vs-mp --count 2 --minutes 5 --results after-close" \
	"x7 --lessons dp-vs-mp --count 2 --minutes 5 --closes 2099-01-01T00:00Z --results later" \
	"x8 --lessons dp-vs-mp --count 1000 --minutes 5" "x9 --blueprint bp.json --count 1000 --minutes 5"; do
	cp c/course.json before.json
	# shellcheck disable=SC2086 # the words of each case
	"$bin" course add-exam c $args >out 2>&1
	st=$?
	if [ $st -ne 0 ] && cmp -s before.json c/course.json; then ok "add-exam refused: $args"
	else bad "add-exam refused: $args (status $st)"; fi
done

"$bin" course add-exam c x8 --lessons dp-vs-mp --count 1000 --minutes 5 >out 2>&1
check "add-exam says how many items the lessons hold and what to give" \
	grep -q "count 1000 asks for more items than the exam's lessons hold ([0-9]* items); give --count [0-9]* or fewer" out
"$bin" course list c >out 2>&1
check "list shows the roster" grep -q "^alice  *Alice Liddell  *alice@example.org  *never" out
check "list shows the exams" grep -q "exam midterm: 4 items, 10 minutes, pass 60%, 2 attempts" out
check "list shows an exam's extra time per learner" grep -q "^  extra time: bob +5 min$" out
"$bin" course add-exam c x9 --lessons dp-vs-mp --count 2 --minutes 5 --closes 2099-01-01T00:00Z --results after-close \
	>/dev/null 2>&1
"$bin" course list c >out 2>&1
check "list says an exam's results come once it closes" grep -q "exam x9: .*closes 2099-01-01.*, results once it closes$" out

# Members a later paratutor adds are kept through a rewrite.
python3 -c '
import json; c = json.load(open("c/course.json")); c["lti"] = {"endpoint": "https://lms.example.org/lti/"}
c["lrs"] = "https://lrs.example.org/xapi"; c["lrs_auth"] = "lrs.auth"
c["learners"][0]["team"] = "red"; c["exams"][0]["release"] = "after-close"
json.dump(c, open("c/course.json", "w"))'
"$bin" course remove-learner c bob >out 2>&1
check "remove-learner succeeds" [ $? -eq 0 ]
check "remove-learner takes the key out" [ "$(grep -c '^command=' c/authorized_keys)" -eq 1 ]
check "unknown members, and the LRS, are kept" python3 -c '
import json; c = json.load(open("c/course.json"))
assert c["lti"]["endpoint"].startswith("https://") and c["learners"][0]["team"] == "red"
assert c["lrs"] == "https://lrs.example.org/xapi" and c["lrs_auth"] == "lrs.auth"
assert c["exams"][0]["release"] == "after-close" and len(c["learners"]) == 1'
"$bin" course remove-learner c bob >out 2>&1
check "removing one not on the roster fails" [ $? -eq 1 ]
# The LRS members of course.json, read with located errors.
cp c/course.json course.json.kept
for bad in '"lrs": 5|"lrs": must be a string' '"lrs": "ftp://x/y"|"lrs": the LRS address must start with https://' \
    '"lrs": "https://a b"|"lrs": the LRS address must be 1 to 2048 bytes of printable ASCII' \
    '"lrs": "https://x/\u202e"|"lrs": the LRS address must be 1 to 2048 bytes of printable ASCII' \
    '"lrs": null, "lrs_auth": "a"|"lrs": must be a string'; do
	python3 -c 'import json,sys; c = json.load(open("c/course.json")); c.update(json.loads("{" + sys.argv[1] + "}"))
json.dump(c, open("c/course.json", "w"))' "${bad%%|*}"
	"$bin" course list c >out 2>&1
	st=$?
	check "course.json with ${bad%%|*} is refused, naming the member" sh -c "[ $st -eq 1 ] && grep -qF 'c/course.json: ${bad#*|}' out"
	cp course.json.kept c/course.json
done
python3 -c 'import json; c = json.load(open("c/course.json")); del c["lrs"]; json.dump(c, open("c/course.json", "w"))'
"$bin" course list c >out 2>&1
check "\"lrs_auth\" without \"lrs\" is refused" grep -qF '"lrs_auth" is given without "lrs"' out
cp course.json.kept c/course.json

echo '{"course": 1, "learners": [{"id": "x", "key": "ssh-ed25519 AAAA"}]}' >c/course.json
"$bin" course list c >out 2>&1
check "a damaged course.json is a located error" grep -q 'course.json: learner x: "key"' out

# add-learners: a CSV, all rows or none.
"$bin" course init d >/dev/null 2>&1
ssh-keygen -q -t ed25519 -N '' -f k3 >/dev/null
{ echo "id,name,email,key"; echo "alice,\"Liddell, Alice\",alice@example.org,$(cat alice.pub)";
  echo "bob,Bob,bob@example.org,$(cat bob.pub)"; echo "bob,Bob Again,,$(cat k3.pub)"; } >roster.csv
cp d/course.json before.json
"$bin" course add-learners d roster.csv >out 2>&1
check "add-learners refuses a file with a duplicate, naming its line" grep -q 'roster.csv:4: learner bob is on the roster already' out
check "... and adds none of it" cmp -s before.json d/course.json
sed -i '$d' roster.csv
"$bin" course add-learners d roster.csv >out 2>&1
check "add-learners adds every row" [ "$(grep -c '^command=' d/authorized_keys)" -eq 2 ]
check "a quoted name with a comma" python3 -c '
import json; assert json.load(open("d/course.json"))["learners"][0]["name"] == "Liddell, Alice"'
# The header row in another case is a header; one in another order is
# refused with the order to write, not read as a learner.
"$bin" course init e >/dev/null 2>&1
{ echo "ID,Name,Email,Key"; echo "alice,Alice,alice@example.org,$(cat alice.pub)"; } >roster.csv
"$bin" course add-learners e roster.csv >out 2>&1
check "add-learners takes a header row in capitals as the header" grep -q '^Added 1 learner\.$' out
{ echo "name,id,email,key"; echo "Bob,bob,bob@example.org,$(cat bob.pub)"; } >roster.csv
"$bin" course add-learners e roster.csv >out 2>&1
check "add-learners refuses a header in another order, saying the order" \
	grep -q 'roster.csv:1: a header row names the columns id,name,email,key, in that order; nothing was changed' out

# A paper of the learner's own left open in a course store (hosted plain
# mode drew one before it refused that): it locks no one out; a session
# opens and exam takes it up, and a course exam waits until it is done.
"$bin" course add-learner d ada --key k3.pub >/dev/null 2>&1
cp "$src/content/13-collectives.json" d/lessons/
"$bin" course add-exam d quiz --lessons collectives --count 2 --minutes 5 >/dev/null 2>&1
echo quit | "$bin" --only-lessons d/lessons exam --plain --untimed --from collectives --count 3 \
	--state d/learners/ada/progress.json >/dev/null 2>&1
check "a paper of one's own is open in the learner's store" python3 -c '
import json; assert json.load(open("d/learners/ada/progress.json"))["exams"]["open"]'
SSH_ORIGINAL_COMMAND='exam quiz' XDG_STATE_HOME="$tmp/none" "$bin" --course d --learner ada >out 2>&1
check "a course exam waits, saying how to finish the open paper" grep -q 'an unfinished exam of your own is open; finish or submit it first' out
printf 'exam\nsubmit\nyes\nquit\n' | SSH_ORIGINAL_COMMAND=plain XDG_STATE_HOME="$tmp/none" "$bin" --course d --learner ada >out 2>&1
check "a session opens and exam takes the open paper up" grep -q 'Taking up your unfinished exam.' out
check "... and submits it" python3 -c '
import json; e = json.load(open("d/learners/ada/progress.json"))["exams"]; assert "open" not in e and e["done"], e.keys()'

# An adversary learner damages his store (cut to 300 bytes): he cannot
# drop out of the course lead's gradebook, before or after his next
# session moves the damaged file aside; he is told where his work went, in
# words of his own; the lead's report is clean only once the lead has
# dealt with the file (moved it out of the learner's folder).
head -c 300 d/learners/ada/progress.json >cut.json && mv cut.json d/learners/ada/progress.json
"$bin" class d --gradebook book.csv >out 2>err
check "a damaged store: class names the learner and exits 1" sh -c '[ $1 -eq 1 ] && grep -q "learner .ada. left out" err' sh $?
echo quit | SSH_ORIGINAL_COMMAND=plain XDG_STATE_HOME="$tmp/none" "$bin" --course d --learner ada >out 2>&1
check "the learner's session says his earlier records are kept for the course lead" sh -c \
	'tr "\n" " " <out | grep -q "records could not be read, so they were moved to a safe place for your course lead"'
check "... in no internal words" sh -c '! grep -qw "progress.json\|corrupt\|store" out'
check "... and the damaged file is kept aside beside the new store" sh -c 'ls d/learners/ada/progress.json.corrupt-* >/dev/null'
"$bin" class d --gradebook book.csv >out 2>err
check "after the move, class --gradebook still exits 1, naming him" sh -c '[ $1 -eq 1 ] &&
	grep -q "^paratutor: 1 learner with damaged records kept aside: ada; restore what each file holds" err' sh $?
check "... with his row in the gradebook" grep -q '^ada,' book.csv
"$bin" class d >out 2>err
check "the table names him on a KEPT ASIDE line (exit 1)" sh -c '[ $1 -eq 1 ] && grep -q "^KEPT ASIDE: ada " out' sh $?
"$bin" class d --format json >out 2>err
check "the JSON lists the kept file (exit 1)" sh -c '[ $1 -eq 1 ] && python3 -c "
import json; s = json.load(open(\"out\"))[\"skipped\"]
assert s[0][\"kind\"] == \"kept_aside\" and s[0][\"learner\"] == \"ada\" and \".corrupt-\" in s[0][\"path\"], s"' sh $?
mkdir -p kept && mv d/learners/ada/progress.json.corrupt-* kept/
"$bin" class d >out 2>err
check "once the lead moves the file out of the learner's folder, class exits 0" [ $? -eq 0 ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
