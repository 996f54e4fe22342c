#!/usr/bin/env bash
# Counts, with callgrind, the instructions applockd runs for one logind `Lock` → `StateChanged` round with one
# registered app (after a first round, so that one-time work is not counted), from logind's signal to the last
# thing the agent does for it (its log line), and prints where they go (callgrind_annotate, inclusive).
# Instructions, not seconds: the figure is the same on a busy machine. Private session and system buses, python3-dbusmock's logind, gnome-keyring (the
# app has no passcode, so Lock obscures it).
#
#   scripts/profile-lock-hop.sh [APPLOCKD]      default: the release build's applockd (make bench builds it)
#
# The whole profile is kept in APPLOCK_PROFILE_OUT (default /tmp/applock-lock-hop.callgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
agent="${1:-$(swift build -c release --show-bin-path)/applockd}"
for program in "$agent" "$(dirname "$agent")/applock-store-helper"; do
    [ -x "$program" ] || { echo "profile-lock-hop: $program is not built (make bench builds both)" >&2; exit 1; }
done
source scripts/profile-session.sh
result="${APPLOCK_PROFILE_OUT:-/tmp/applock-lock-hop.callgrind}"

valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.out" "$agent" \
    > "$work/agent.log" 2>&1 &
agent_pid=$!
pids+=($agent_pid)

# A client that registers one app and prints each of its StateChanged signals.
cat > "$work/client.py" <<'EOF'
import sys, dbus, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
while True:
    try:
        manager = dbus.Interface(bus.get_object("io.github.applock.AppLock1", "/io/github/applock/AppLock1"),
                                 "io.github.applock.AppLock1.Manager")
        manager.RegisterApplication("org.example.Notes")
        break
    except dbus.exceptions.DBusException:
        GLib.usleep(100000)
loop = GLib.MainLoop()
def changed(app, state, reason):
    print("StateChanged", app, state, reason, flush=True)
bus.add_signal_receiver(changed, "StateChanged", "io.github.applock.AppLock1.Manager", arg0="org.example.Notes")
print("registered", flush=True)
loop.run()
EOF
coproc client { /usr/bin/python3 "$work/client.py" 2> "$work/client.log"; }
read -r line <&"${client[0]}" || true
[ "$line" = registered ] || { echo "profile-lock-hop: the client did not register: $line" >&2; cat "$work/client.log" "$work/agent.log" >&2; exit 1; }
until grep -q "watching logind session" "$work/agent.log"; do sleep 0.05; done

# One round first, so that what runs once (type metadata, first-use tables) is not counted; then the round counted.
$logind -o $session -m org.freedesktop.login1.Session.Lock > /dev/null
read -r line <&"${client[0]}"; echo "warm-up: $line"
$logind -o $session -m org.freedesktop.login1.Session.Unlock > /dev/null
read -r line <&"${client[0]}"; echo "warm-up: $line"
callgrind_control -i on "$agent_pid" > /dev/null
$logind -o $session -m org.freedesktop.login1.Session.Lock > /dev/null
read -r line <&"${client[0]}"
# The StateChanged leaves first; the round ends with the watcher's log line, written after everything else.
until [ "$(grep -c "logind session locked" "$work/agent.log")" -ge 2 ]; do sleep 0.05; done
callgrind_control -i off "$agent_pid" > /dev/null
echo "counted: $line"
callgrind_control -d "$agent_pid" > /dev/null
until ls "$work"/callgrind.out.* > /dev/null 2>&1; do sleep 0.05; done
out=$(ls "$work"/callgrind.out.* | head -1)
cp "$out" "$result"
echo "callgrind output: $result (callgrind_annotate --inclusive=yes $result)"
callgrind_annotate --inclusive=yes --threshold=99 "$out" | head -60
