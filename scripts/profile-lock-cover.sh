#!/usr/bin/env bash
# Counts, with callgrind, the instructions applock-guard runs on X11 for one logind `Lock` that covers a guarded app
# (after a first Lock/Unlock round, so that one-time work is not counted): from the agent's `StateChanged` arriving
# a second later (the cover mapped and drawn, the guard idle). It prints where they go (callgrind_annotate,
# inclusive), and the order of the X requests the guard made. Instructions, not seconds: the figure is the same on a
# busy machine. Xvfb + openbox, an xterm as the guarded app without a passcode (so `Lock` obscures it), the release
# applockd, private buses, python3-dbusmock's logind.
#
#   scripts/profile-lock-cover.sh [APPLOCK_GUARD]   default: the release build's applock-guard (make bench builds it)
#
# The whole profile is kept in APPLOCK_PROFILE_OUT (default /tmp/applock-lock-cover.callgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
guard="${1:-$(swift build -c release --show-bin-path)/applock-guard}"
bin=$(dirname "$guard")
for program in "$guard" "$bin/applockd" "$bin/applock-store-helper"; do
    [ -x "$program" ] || { echo "profile-lock-cover: $program is not built (make bench builds it)" >&2; exit 1; }
done
command -v Xvfb openbox xterm xdotool xwininfo >/dev/null ||
    { echo "profile-lock-cover: needs xvfb openbox xterm xdotool x11-utils" >&2; exit 1; }
source scripts/profile-session.sh
result="${APPLOCK_PROFILE_OUT:-/tmp/applock-lock-cover.callgrind}"

app=org.example.Notes
mkdir -p "$XDG_CONFIG_HOME/applock/apps.d" "$XDG_DATA_HOME/applications"
printf '[Policy]\nGuard=true\n' > "$XDG_CONFIG_HOME/applock/apps.d/$app.conf"
printf '[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm\nStartupWMClass=ProfileTerm\n' \
    > "$XDG_DATA_HOME/applications/$app.desktop"

exec 5> "$work/display"
Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
pids+=($!)
until [ -s "$work/display" ]; do sleep 0.05; done
export DISPLAY=":$(head -1 "$work/display")"
openbox > "$work/openbox.log" 2>&1 &
pids+=($!)
"$bin/applockd" > "$work/agent.log" 2>&1 &
pids+=($!)
until grep -q "watching logind session" "$work/agent.log"; do sleep 0.05; done
xterm -class ProfileTerm -geometry 80x24+60+60 > /dev/null 2>&1 &
pids+=($!)
xdotool search --sync --onlyvisible --class ProfileTerm > /dev/null

# valgrind cannot read the release build's DWARF ("possibly corrupted debuginfo"): it gets a copy without it (the
# symbol table, so the function names, stays).
strip --strip-debug -o "$work/applock-guard" "$guard"
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.out" "$work/applock-guard" \
    > "$work/guard.log" 2>&1 &
guard_pid=$!
pids+=($guard_pid)
until gdbus call --session -d io.github.applock.AppLock1 -o /io/github/applock/AppLock1 \
    -m io.github.applock.AppLock1.Manager.ListApplications 2>/dev/null | grep -q "$app"; do
    kill -0 "$guard_pid" 2>/dev/null || { echo "profile-lock-cover: the guard ended" >&2; cat "$work/guard.log" >&2; exit 1; }
    sleep 0.1
done

# The cover's map state (the guard lists its covers on the root window).
cover_state() {
    local id
    id=$(xprop -root _APPLOCK_GUARD_COVERS | grep -o '[0-9]\+$' || true)
    [ -n "$id" ] && xwininfo -id "$id" | sed -n 's/.*Map State: //p'
}
wait_for_cover() { until [ "$(cover_state)" = "$1" ]; do sleep 0.05; done; }
# The guard has long finished what it does for a lock or unlock (drawing the cover on its exposure) a second later.
wait_for_quiet() { sleep 1; }

wait_for_cover IsUnMapped
$logind -o $session -m org.freedesktop.login1.Session.Lock > /dev/null
wait_for_cover IsViewable
$logind -o $session -m org.freedesktop.login1.Session.Unlock > /dev/null
wait_for_cover IsUnMapped
wait_for_quiet
callgrind_control -i on "$guard_pid" > /dev/null
$logind -o $session -m org.freedesktop.login1.Session.Lock > /dev/null
wait_for_cover IsViewable
wait_for_quiet
callgrind_control -i off "$guard_pid" > /dev/null
callgrind_control -d "$guard_pid" > /dev/null
until ls "$work"/callgrind.out.* > /dev/null 2>&1; do sleep 0.05; done
out=$(ls "$work"/callgrind.out.* | head -1)
cp "$out" "$result"
echo "callgrind output: $result (callgrind_annotate --inclusive=yes $result)"
callgrind_annotate --inclusive=yes --threshold=100 "$out" | sed 's/ \[[^]]*\]$//' > "$work/annotated"
sed -n 1,70p "$work/annotated"
echo "the Xlib calls it made (inclusive instructions):"
grep -E '[?]:(X[A-Z][A-Za-z]+|_XReply|_XFlush|cairo_xlib_surface_create|cairo_image_surface_create_from_png)$' \
    "$work/annotated" || true
