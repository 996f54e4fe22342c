#!/bin/sh
# Runs "$@" as a process whose polkit authentication agent is pkttyagent on this terminal, as a desktop's agent
# answers for its session: pkttyagent registers for this shell's pid, and only once polkit has it registered does
# the shell become the command (exec keeps the pid and start time polkit knows the subject by).
fifo=$(mktemp -u) && mkfifo -m 600 "$fifo" || exit 125
pkttyagent --process $$ --notify-fd 3 3>"$fifo" &
# pkttyagent closes the fifo once registered (or when it fails, and then the command meets no agent).
cat "$fifo" >/dev/null
rm -f "$fifo"
exec "$@"
