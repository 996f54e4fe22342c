# Sourced by the profile-*.sh scripts: a throwaway session for one AppLock process under callgrind. It makes a work
# directory ($work, removed on exit with every process listed in $pids), private XDG directories, private session and
# system buses, an unlocked gnome-keyring (the agent asks the Secret Service whether an app has a passcode), and
# python3-dbusmock's logind with session c1 ($logind calls it; $session is c1's object path).
command -v valgrind callgrind_control callgrind_annotate >/dev/null ||
    { echo "$(basename "$0"): needs valgrind (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d /tmp/applock-profile.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

start_bus() {
    cat > "$work/$1.conf" <<CONF
<busconfig><type>$1</type><listen>unix:path=$work/$1.socket</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/></policy>
</busconfig>
CONF
    dbus-daemon --config-file="$work/$1.conf" --nofork --print-address=1 > "$work/$1.address" &
    pids+=($!)
    until [ -s "$work/$1.address" ]; do sleep 0.05; done
}
# Started in this shell, not in a $(…) subshell, so that cleanup knows their pids.
start_bus session
start_bus system
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/session.address")
DBUS_SYSTEM_BUS_ADDRESS=$(head -1 "$work/system.address")
export DBUS_SESSION_BUS_ADDRESS DBUS_SYSTEM_BUS_ADDRESS
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
session=/org/freedesktop/login1/session/c1
