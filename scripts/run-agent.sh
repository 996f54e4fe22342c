#!/usr/bin/env bash
# Runs applockd on the session bus (what `make run` runs). Without a session bus (a bare server, an ssh login),
# starts a private one with an unlocked development keyring first. With a display (DISPLAY or WAYLAND_DISPLAY set)
# and APPLOCK_GUARD naming the built applock-guard, runs the guard beside the agent. It prints where the programs
# are and how another terminal reaches them.
#
# A locked app is never uncovered by stopping it: the guard runs in a session of its own, so the terminal's Ctrl+C
# does not reach it; an agent that stops by itself (or is killed) is started again, as systemd's Restart= would,
# while the guard keeps covering; and when `make run` ends (Ctrl+C), the guard is ended with SIGKILL, which leaves
# its covers up (X11 keeps them, RetainPermanent; the Wayland desktops keep a locked app hidden), so that apps that
# were locked stay hidden until the next `make run`'s guard takes over.
set -euo pipefail
agent=${1:?usage: run-agent.sh PATH-TO-APPLOCKD [ARGS...]}
shift
bin=$(cd "$(dirname "$agent")" && pwd)

guard_pid=
start_guard() {
    if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "${APPLOCK_GUARD:-}" ]; then
        setsid "$APPLOCK_GUARD" &
        guard_pid=$!
    fi
}
stop_guard() {
    if [ -n "$guard_pid" ] && kill -0 "$guard_pid" 2>/dev/null; then
        kill -KILL "$guard_pid" 2>/dev/null || true
        echo "applock-guard stopped. Apps that were locked stay hidden until AppLock runs again (make run)." >&2
    fi
}
tell() {
    cat <<MSG
AppLock runs until you press Ctrl+C. Its programs are in $bin.
In another terminal:

${1:-}    export PATH="$bin:\$PATH"
    applockctl                                   # the session and the apps AppLock knows
    applock-settings &                           # AppLock Settings

MSG
}

stopping=
agent_pid=
stop() {
    stopping=1
    if [ -n "$agent_pid" ]; then kill -TERM "$agent_pid" 2>/dev/null || true; fi
}
# Runs the agent until `make run` is stopped, starting it again when it stops by itself.
run_agent() {
    trap stop INT TERM
    while :; do
        "$agent" "$@" &
        agent_pid=$!
        status=0
        wait "$agent_pid" || status=$?
        # A trap interrupts `wait`: wait again for the agent to be gone.
        while kill -0 "$agent_pid" 2>/dev/null; do wait "$agent_pid" || status=$?; done
        [ -n "$stopping" ] && return 0
        echo "applockd stopped (exit status $status); starting it again.${guard_pid:+ The guard keeps locked apps hidden meanwhile.}" >&2
        sleep 1
    done
}

if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
    trap stop_guard EXIT
    tell
    start_guard
    run_agent "$@"
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
trap cleanup EXIT

echo "No session bus was running, so AppLock started a private one with an unlocked development keyring"
echo "(data in $data_home)."
tell "    export DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS
"
start_guard
run_agent "$@"
