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
command -v valgrind callgrind_control callgrind_annotate >/dev/null ||
    { echo "profile-lock-hop: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

result="${APPLOCK_PROFILE_OUT:-/tmp/applock-lock-hop.callgrind}"
work=$(mktemp -d /tmp/applock-profile.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

start_bus() {
    cat > "$work/$1.conf" <<EOF
<busconfig><type>$1</type><listen>unix:path=$work/$1.socket</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/></policy>
</busconfig>
EOF
    dbus-daemon --config-file="$work/$1.conf" --nofork --print-address=1 > "$work/$1.address" &
    pids+=($!)
    until [ -s "$work/$1.address" ]; do sleep 0.05; done
    head -1 "$work/$1.address"
}
DBUS_SESSION_BUS_ADDRESS=$(start_bus session)
DBUS_SYSTEM_BUS_ADDRESS=$(start_bus system)
export DBUS_SESSION_BUS_ADDRESS DBUS_SYSTEM_BUS_ADDRESS
# The agent asks the Secret Service whether an app has a passcode when it registers.
echo -n profile | gnome-keyring-daemon --daemonize --unlock --components=secrets > "$work/keyring.env" 2>/dev/null
pids+=("$(sed -n 's/^GNOME_KEYRING_PID=//p' "$work/keyring.env")")

/usr/bin/python3 -m dbusmock --system --template logind > "$work/logind.log" 2>&1 &
pids+=($!)
until gdbus introspect --system -d org.freedesktop.login1 -o /org/freedesktop/login1 > /dev/null 2>&1; do sleep 0.05; done
logind="gdbus call --system -d org.freedesktop.login1"
$logind -o /org/freedesktop/login1 -m org.freedesktop.DBus.Mock.AddSession c1 seat0 "$(id -u)" user true > /dev/null
$logind -o /org/freedesktop/login1 -m org.freedesktop.DBus.Mock.AddMethod org.freedesktop.login1.Manager \
    GetSessionByPID u o 'ret = dbus.ObjectPath("/org/freedesktop/login1/session/c1")' > /dev/null
export XDG_SESSION_ID=c1

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
session=/org/freedesktop/login1/session/c1
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
