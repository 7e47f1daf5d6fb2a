# sshd.sh - a real OpenSSH server for the course tests, sourced by them:
# /usr/sbin/sshd in the foreground (-D -e) on 127.0.0.1 at a free port,
# with a host key made here, logging in as the user running the test by
# the course's authorized_keys.  The test starts it and a trap stops it.
#
# Needs: C (the course folder, absolute) and TMP (a scratch folder) set.
# Gives: sshd_start, learner_key ID, lssh ID [SSH-ARGS...] [-- WORDS],
# SSHD_PID, SSHD_PORT, SSH_USER.  When sshd cannot start, sshd_start says
# SKIP with the reason and exits 0, or fails under CI=true.

SSH_USER=$(id -un)
SSHD_PID=
sshd_stop() {
	[ -n "$SSHD_PID" ] && kill "$SSHD_PID" 2>/dev/null && wait "$SSHD_PID" 2>/dev/null
	SSHD_PID=
}

# sshd_skip REASON - SKIP outside CI, a failure under CI=true.
sshd_skip() {
	if [ "${CI:-}" = true ]; then
		echo "not ok - the course tests need a running sshd: $1"
		exit 1
	fi
	echo "SKIP $0: $1"
	exit 0
}

# free_port - a TCP port on 127.0.0.1 nothing listens on now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# sshd_start [EXTRA-CONFIG-LINE...] - starts the server and waits (polling)
# until it takes a connection.
sshd_start() {
	[ -x /usr/sbin/sshd ] || sshd_skip "/usr/sbin/sshd is not installed (make test-deps installs openssh-server)"
	command -v ssh >/dev/null 2>&1 || sshd_skip "ssh is not installed (openssh-client)"
	if [ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ]; then
		mkdir -p /run/sshd && chmod 755 /run/sshd || sshd_skip "cannot make /run/sshd"
	fi
	ssh-keygen -q -t ed25519 -N '' -f "$TMP/hostkey" >/dev/null || sshd_skip "ssh-keygen cannot make a host key"
	SSHD_PORT=$(free_port)
	: >"$TMP/clock.unset"
	{
		echo "Port $SSHD_PORT"
		echo "ListenAddress 127.0.0.1"
		echo "HostKey $TMP/hostkey"
		echo "PidFile none"
		[ -n "${SSHD_NO_COURSE_LINES:-}" ] || echo "AuthorizedKeysFile $C/authorized_keys"
		echo "StrictModes no"
		echo "PubkeyAuthentication yes"
		echo "PasswordAuthentication no"
		echo "KbdInteractiveAuthentication no"
		echo "UsePAM no"
		echo "PermitRootLogin prohibit-password"
		echo "AllowUsers $SSH_USER"
		echo "PrintMotd no"
		echo "PrintLastLog no"
		echo "MaxStartups 200"
		echo "MaxSessions 200"
		echo "LogLevel ERROR"
		# The sshd_config lines course init prints (or, with SSHD_NO_COURSE_LINES,
		# none: the caller gives them, as docs/course.md does):
		if [ -z "${SSHD_NO_COURSE_LINES:-}" ]; then
			echo "DisableForwarding yes"
			echo "PermitTTY yes"
			echo "AcceptEnv TERM LANG LC_* COLUMNS${SSHD_ACCEPT_MORE:+ $SSHD_ACCEPT_MORE}"
		fi
		# The test builds' clock (PARATUTOR_TEST_NOW), set by the server, never the learner.
		echo "SetEnv PARATUTOR_TEST_NOW=$TMP/clock"
		for line in "$@"; do echo "$line"; done
	} >"$TMP/sshd_config"
	/usr/sbin/sshd -t -f "$TMP/sshd_config" >"$TMP/sshd.check" 2>&1 ||
		sshd_skip "sshd refuses the test's configuration: $(head -n 3 "$TMP/sshd.check" | tr '\n' ' ')"
	/usr/sbin/sshd -D -e -f "$TMP/sshd_config" 2>"$TMP/sshd.log" &
	SSHD_PID=$!
	i=0
	while [ $i -lt 200 ]; do
		if ! kill -0 "$SSHD_PID" 2>/dev/null; then
			SSHD_PID=
			sshd_skip "sshd stopped at once: $(head -n 3 "$TMP/sshd.log" | tr '\n' ' ')"
		fi
		python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $SSHD_PORT), 1)" 2>/dev/null && return 0
		sleep 0.05
		i=$((i + 1))
	done
	sshd_skip "sshd did not listen on port $SSHD_PORT within 10 s"
}

# learner_key ID - makes the key pair $TMP/keys/ID and ID.pub.
learner_key() {
	mkdir -p "$TMP/keys"
	ssh-keygen -q -t ed25519 -N '' -C "$1@test" -f "$TMP/keys/$1" >/dev/null
}

# lssh ID [SSH-OPTIONS...] [-- WORDS...] - ssh as learner ID to the course.
lssh() {
	id=$1
	shift
	ssh -F /dev/null -p "$SSHD_PORT" -i "$TMP/keys/$id" -o IdentitiesOnly=yes -o BatchMode=yes \
		-o StrictHostKeyChecking=no -o UserKnownHostsFile="$TMP/known_hosts" -o LogLevel=ERROR \
		-o ConnectTimeout=20 "$@"
}

# lssh_exec ID ARGS...: lssh for a client started in the background
# (lssh_exec ... &): the background shell becomes ssh itself, so $! is the
# client and killing it ends the connection.
lssh_exec() {
	id=$1
	shift
	exec ssh -F /dev/null -p "$SSHD_PORT" -i "$TMP/keys/$id" -o IdentitiesOnly=yes -o BatchMode=yes \
		-o StrictHostKeyChecking=no -o UserKnownHostsFile="$TMP/known_hosts" -o LogLevel=ERROR \
		-o ConnectTimeout=20 "$@"
}
