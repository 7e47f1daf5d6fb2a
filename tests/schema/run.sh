#!/bin/sh
# run.sh BINARY - proves content/lesson.schema.json with a real JSON Schema
# validator, ajv-cli, installed from npm into build/node on first use.
#
#  1. Every bundled lesson and every good fixture is valid against the schema.
#  2. For every bad fixture and every probe in tests/schema/cases/, the schema
#     and `BINARY --check --strict` agree on whether the file is structurally
#     valid.  The checker calls a file structurally invalid when it reports one
#     of the messages in $structural below; its other diagnostics (placeholders,
#     bank membership, correct-option counts, duplicate ids, repeated option
#     text, lint) are cross-field rules a schema cannot express.  A probe's
#     name also says what both must decide: valid-*.json or invalid-*.json.
#
# A file that is not JSON a validator can judge as it stands (invalid syntax,
# invalid UTF-8, a byte order mark, an unpaired surrogate, a key given twice;
# see strict-json.js) counts as invalid on the schema side without asking ajv,
# which would read it leniently.
#
# Needs node and npm; when they are missing, build-aux/ensure-deps installs
# Debian's nodejs and npm (set PT_AUTO_INSTALL=0 to be told instead).
set -u

if [ $# -ne 1 ]; then
	echo "usage: sh tests/schema/run.sh BINARY" >&2
	exit 2
fi
bin=$1
case $bin in
/*) ;;
*/*) bin=$PWD/$bin ;;
esac
cd "$(dirname "$0")/../.." || exit 2
if ! command -v "$bin" >/dev/null 2>&1; then
	printf "not ok - %s is not an executable checker\n" "$bin"
	echo "0 passed, 1 failed"
	exit 1
fi

schema=content/lesson.schema.json
prefix=build/node
ajv=$prefix/node_modules/.bin/ajv
passed=0
failed=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

pass() { passed=$((passed + 1)); printf 'ok - %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'not ok - %s\n' "$1"; }

# ajv_cli COMMAND ARGS...: ajv-cli for draft 2020-12 in strict mode, less
# strictRequired (it would reject the kind-dependent "required" lists).
ajv_cli() {
	cmd=$1
	shift
	"$ajv" "$cmd" --spec=draft2020 --strict=true --strict-required=false "$@" </dev/null
}
. tests/lib/npm-oracle.sh
quote() { sed 's/^/  | /' "$@" | head -20; }

# The checker's structural diagnostics, as extended regular expressions for
# the message after "FILE:LINE:COL: error: " (or "warning: ").
structural='^invalid JSON: 
^file starts with a UTF-8 byte order mark
^a lesson file must hold one JSON object
^[a-z ]+ is missing the required field "
^"[^"]*" must be 
^"[^"]*" is out of range: 
^unsupported format 
^unknown field "
^unknown tag "
^field ".*" appears twice in 
^"[^"]*" is empty$
^"[^"]*" is not valid UTF-8$
^[0-9]+ (options|options in the bank|blanks); at most [0-9]+ can be
^the bank needs at least 2 options$
^at least 2 options are needed$
^a fill item needs at least one blank$
^blank [0-9]+ accepts nothing
^the lesson has no items$
^(lesson|item) id ".*" may use only 
^attempts is -?[0-9]+; 
^bank option ".*" is listed twice$
^feedback for ".*" appears twice in 
^"[a-z]+" items need "format": 2
^"[a-z_]+" needs "format": 2
^(the answer|a wrong value) gives both "value" and 
^(the answer|a wrong value) needs "value" 
^"(tolerance|relative)" goes with "value"
^give "tolerance" \(an absolute amount\) or "relative"
^"(tolerance|relative)" is -?[0-9.e+-]+; give 0 or more$
^a unit name is empty
^unit ".*" has spaces around it
^unit ".*" has factor 
^unit ".*" is listed twice$
^the item lists [0-9]+ units and an item lists at most [0-9]+
^a text item needs at least one accepted answer$
^[0-9]+ pairs?; a match item needs 2 to 
^[0-9]+ steps?; an order item needs 3 to '

# ---- ajv-cli --------------------------------------------------------------

npm_oracle ajv-cli 5 "$prefix" || finish
if ajv_cli compile -s "$schema" >"$out" 2>&1; then
	version=$(node -p 'require(process.argv[1]).version' "$PWD/$prefix/node_modules/ajv-cli/package.json" 2>/dev/null)
	pass "$schema is a valid draft 2020-12 schema (ajv-cli $version, strict mode)"
else
	fail "$schema is a valid draft 2020-12 schema"
	quote "$out"
	finish
fi

# Every file both parts judge, in the order they are judged.
files="$(ls content/*.json tests/fixtures/good/*.json tests/fixtures/good/*/*.json | grep -v -x -F "$schema")
$(find tests/fixtures/bad -name '*.json' | sort)
$(ls tests/schema/cases/*.json)"

# The schema's side is judged in two node processes, not two per file: the
# strictness test over every file, then ajv-cli over the files it passes
# (ajv-cli validates each -d file in turn and names it before its verdict).
# When the batch cannot run as a whole (ajv-cli exits other than 0 or 1),
# each file is judged on its own, as schema_verdict_one does.
strict=$(mktemp) batch=$(mktemp)
trap 'rm -f "$out" "$err" "$strict" "$batch"' EXIT
# shellcheck disable=SC2086 # the names hold no spaces
node tests/schema/strict-json.js --each $files >"$strict" 2>&1 </dev/null
batch_ok=false
# shellcheck disable=SC2046
ajv_cli validate --all-errors --errors=text -s "$schema" $(awk -F '\t' '$1 == "ok" { print "-d " $2 }' "$strict") \
    >"$batch" 2>&1
case $? in 0 | 1) batch_ok=true ;; esac

# schema_verdict_one FILE: sets verdict to valid or invalid and why to the
# reason, from its own node runs; returns 1 when ajv could not run.
schema_verdict_one() {
	if ! node tests/schema/strict-json.js "$1" >"$out" 2>&1 </dev/null; then
		verdict=invalid why="not JSON a validator can judge: $(head -n 1 "$out")"
		return 0
	fi
	ajv_cli validate --all-errors --errors=text -s "$schema" -d "$1" >"$out" 2>&1
	case $? in
	0) verdict=valid why="ajv: valid" ;;
	1) verdict=invalid why="ajv: $(grep -v ' invalid$' "$out" | head -n 1 | cut -c 1-160)" ;;
	2) verdict=invalid why="ajv cannot parse it: $(head -n 1 "$out" | cut -c 1-160)" ;;
	*) verdict=error why="ajv failed"; return 1 ;;
	esac
	return 0
}

# schema_verdict FILE: the same, read from the two batch runs; $out holds
# what was said of the file.
schema_verdict() {
	line=$(awk -F '\t' -v f="$1" '$2 == f' "$strict")
	case $line in
	ok*) ;;
	bad*)
		printf '%s\n' "$line" | cut -f 3 >"$out"
		verdict=invalid why="not JSON a validator can judge: $(head -n 1 "$out")"
		return 0 ;;
	*) schema_verdict_one "$1"; return ;;
	esac
	$batch_ok || { schema_verdict_one "$1"; return; }
	awk -v f="$1" '$0 == f " valid" { print; exit } $0 == f " invalid" { print; getline; print; exit }' \
	    "$batch" >"$out"
	case $(head -n 1 "$out") in
	"$1 valid") verdict=valid why="ajv: valid" ;;
	"$1 invalid") verdict=invalid why="ajv: $(sed -n 2p "$out" | cut -c 1-160)" ;;
	*) schema_verdict_one "$1"; return ;;
	esac
	return 0
}

# checker_verdict FILE: the same from BINARY --check --strict; returns 1 when
# the checker crashed or could not run.
checker_verdict() {
	"$bin" --check --strict "$1" </dev/null >"$err" 2>&1
	st=$?
	if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
		verdict=error why="exit status $st"
		return 1
	fi
	found=$(sed -n -E 's/^.*:[0-9]+:[0-9]+: (error|warning): //p' "$err" | grep -E -e "$structural")
	if [ -n "$found" ]; then
		verdict=invalid why="checker: $(printf '%s\n' "$found" | head -n 1)"
	elif [ "$st" -eq 0 ]; then
		verdict=valid why="checker: clean"
	else
		verdict=valid why="checker: only cross-field or lint diagnostics"
	fi
	return 0
}

# ---- 1. bundled lessons and good fixtures (format 2 in a subdirectory) are valid ----------------------

for f in content/*.json tests/fixtures/good/*.json tests/fixtures/good/*/*.json; do
	[ "$f" = "$schema" ] && continue
	if schema_verdict "$f" && [ "$verdict" = valid ]; then
		pass "$f is valid against the schema"
	else
		fail "$f is valid against the schema ($why)"
		quote "$out"
	fi
done

# ---- 2. the schema and the checker agree on the bad files ----------------

for f in $(find tests/fixtures/bad -name '*.json' | sort) tests/schema/cases/*.json; do
	if ! schema_verdict "$f"; then
		fail "$f: $why"
		quote "$out"
		continue
	fi
	s_verdict=$verdict s_why=$why
	if ! checker_verdict "$f"; then
		fail "$f: $bin --check --strict failed: $why"
		quote "$err"
		continue
	fi
	case $f in
	tests/schema/cases/valid-*) want=valid ;;
	tests/schema/cases/invalid-*) want=invalid ;;
	*) want="" ;;
	esac
	if [ "$s_verdict" != "$verdict" ]; then
		fail "$f: the schema says $s_verdict, the checker says $verdict"
		printf '  | schema: %s\n' "$s_why"
		quote "$out"
		echo "  | checker ($bin --check --strict):"
		quote "$err"
	elif [ -n "$want" ] && [ "$verdict" != "$want" ]; then
		fail "$f: both say $verdict, but the probe is named $want"
		printf '  | schema: %s\n' "$s_why"
		printf '  | %s\n' "$why"
	else
		pass "$f: both say structurally $verdict ($s_why; $why)"
	fi
done

finish
