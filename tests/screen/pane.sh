#!/bin/sh
# pane.sh DIR COMMAND... - what the screen tests run in their tmux pane.
#
# Runs COMMAND in the foreground like an interactive shell would, then
# records how it ended: DIR/pid holds its process id (written before it
# starts), DIR/stty the terminal modes it left behind, DIR/status its exit
# status (written last, so its presence means the rest is there).  The pane
# then stays open so the screen can still be read.
dir=$1
shift
trap : INT QUIT # Ctrl-C and Ctrl-\ are for COMMAND; this script must live to report
sh -c 'echo $$ >"$0/pid"; exec "$@"' "$dir" "$@"
status=$?
stty -a >"$dir/stty" 2>&1
echo "$status" >"$dir/status"
echo "[exited with status $status]"
exec sleep 3600
