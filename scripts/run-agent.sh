#!/usr/bin/env bash
# Runs applockd on the session bus. Without a session bus (a bare server, an ssh
# login), starts a private one with an unlocked development keyring first and
# prints the line that lets another shell talk to it. With a display (DISPLAY set) and
# APPLOCK_GUARD naming the built applock-guard, runs the guard beside the agent.
set -euo pipefail
agent=${1:?usage: run-agent.sh PATH-TO-APPLOCKD [ARGS...]}
shift

guard_pid=
start_guard() {
    if [ -n "${DISPLAY:-}" ] && [ -x "${APPLOCK_GUARD:-}" ]; then
        "$APPLOCK_GUARD" &
        guard_pid=$!
        echo "applock-guard runs beside the agent on $DISPLAY (pid $guard_pid)."
    fi
}
stop_guard() {
    if [ -n "$guard_pid" ]; then kill "$guard_pid" 2>/dev/null || true; fi
}

if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
    trap stop_guard EXIT INT TERM
    start_guard
    "$agent" "$@"
    exit
fi

run_dir=$(mktemp -d "${TMPDIR:-/tmp}/applock-session.XXXXXX")
chmod 700 "$run_dir"
data_home="${XDG_STATE_HOME:-$HOME/.local/state}/applock/dev-session"
mkdir -p "$data_home"
cat > "$run_dir/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$run_dir/bus</listen>
  <auth>EXTERNAL</auth>
  <standard_session_servicedirs/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
bus_pid=$(dbus-daemon --config-file="$run_dir/session.conf" --fork --print-pid=1 --print-address=1 | sed -n 2p)
export DBUS_SESSION_BUS_ADDRESS="unix:path=$run_dir/bus"
export XDG_RUNTIME_DIR="$run_dir"
# A development keyring of its own, so the user's real keyring is never touched.
XDG_DATA_HOME="$data_home" sh -c 'echo -n applock-dev | gnome-keyring-daemon --daemonize --unlock --components=secrets' >/dev/null

cleanup() {
    stop_guard
    for pid in $(pgrep -x gnome-keyring-d); do
        grep -qa "$run_dir" "/proc/$pid/environ" 2>/dev/null && kill "$pid"
    done
    kill "$bus_pid" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

cat <<MSG
No session bus was running, so AppLock started a private one with an unlocked
development keyring (data in $data_home). From another shell:

    export DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS

MSG
start_guard
"$agent" "$@"
