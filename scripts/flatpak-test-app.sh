#!/usr/bin/env bash
# Builds, offline and from this machine's own binaries, a Flatpak app for the guard's tests, and prints the path of
# the local OSTree repository that holds it (install it with `flatpak --user remote-add --no-gpg-verify NAME
# file://REPO` and `flatpak --user install NAME org.example.Flat`). Nothing comes from Flathub: as flatpak's own
# tests/make-test-runtime.sh does, the runtime `org.example.Platform` is bash, xterm and foot with the shared
# libraries `ldd` lists, fontconfig's and foot's configuration, the DejaVu fonts and the C.UTF-8 locale; the app
# `org.example.Flat` is a launcher script that starts xterm on an X display and foot on a Wayland one, each named
# `org.example.Flat` (its WM_CLASS class, its Wayland app id: the Flatpak id, as Flathub's apps name their windows)
# and drawn in one colour, magenta, text and background alike.
#
#   scripts/flatpak-test-app.sh [CACHE]   CACHE defaults to .cache/flatpak; the repository is CACHE/<key>/repo,
#                                         where the key hashes this script and the versions of what it copies, so
#                                         a machine builds it once (about 20 s, 13 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${1:-.cache/flatpak}
programs=(/bin/bash /usr/bin/xterm /usr/bin/foot)
key=$( { cat "$0"; dpkg-query -W bash xterm foot fontconfig-config fonts-dejavu-core libc6 flatpak; } | sha256sum | cut -c1-16)
repo=$(realpath -m "$cache/$key/repo")
# One build at a time: tests that run at once wait for the first one's.
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ -f "$cache/$key/done" ]; then
    echo "$repo"
    exit 0
fi
rm -rf "${cache:?}"/*/  # an older build, of other inputs
mkdir -p "$cache/$key"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
arch=$(flatpak --default-arch)

# The runtime: its usr/ is the sandbox's /usr (and usr/etc its /etc).
runtime=$work/runtime
mkdir -p "$runtime/usr/bin" "$runtime/usr/lib/x86_64-linux-gnu" "$runtime/usr/lib64" "$runtime/usr/etc" \
    "$runtime/usr/share/fonts/truetype"
cat > "$runtime/metadata" <<EOF
[Runtime]
name=org.example.Platform
runtime=org.example.Platform/$arch/test
sdk=org.example.Platform/$arch/test
EOF
for program in "${programs[@]}"; do
    cp "$program" "$runtime/usr/bin/"
    for library in $(ldd "$program" | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
        case "$library" in
        */ld-linux-*) cp -L "$library" "$runtime/usr/lib64/" ;;
        *) cp -L "$library" "$runtime/usr/lib/x86_64-linux-gnu/" ;;
        esac
    done
done
ln -s bash "$runtime/usr/bin/sh"
cp -rL /etc/fonts "$runtime/usr/etc/"
# foot 1.13 applies its -o options only over a configuration file it found: Debian's own.
mkdir -p "$runtime/usr/etc/xdg/foot"
cp /etc/xdg/foot/foot.ini "$runtime/usr/etc/xdg/foot/"
# foot refuses to start without a UTF-8 locale.
mkdir -p "$runtime/usr/lib/locale"
cp -rL /usr/lib/locale/C.utf8 "$runtime/usr/lib/locale/"
cp -rL /usr/share/fonts/truetype/dejavu "$runtime/usr/share/fonts/truetype/"
flatpak build-export --runtime --files=usr --disable-sandbox --no-update-summary "$repo" "$runtime" test >/dev/null

# The app: its files/ is the sandbox's /app.
app=$work/app
mkdir -p "$app/files/bin" "$app/files/share/applications"
cat > "$app/metadata" <<EOF
[Application]
name=org.example.Flat
runtime=org.example.Platform/$arch/test
sdk=org.example.Platform/$arch/test
command=flat
EOF
cat > "$app/files/bin/flat" <<'EOF'
#!/bin/sh
# A window in one colour, named by the Flatpak id; its shell (bash: the runtime has no cat) reads and ignores lines
# until the window is closed.
if [ -n "${WAYLAND_DISPLAY:-}" ]; then
    export LC_ALL=C.UTF-8
    exec foot --app-id org.example.Flat --title Flat -o colors.background=ff00ff -o colors.foreground=ff00ff \
        -o colors.regular0=ff00ff sh -c 'while read -r line; do :; done'
fi
exec xterm -class org.example.Flat -title Flat -bg magenta -fg magenta -cr magenta -bd magenta -b 0 -geometry 80x24 \
    -e sh -c 'while read -r line; do :; done'
EOF
chmod +x "$app/files/bin/flat"
cat > "$app/files/share/applications/org.example.Flat.desktop" <<'EOF'
[Desktop Entry]
Type=Application
Name=Flat
Comment=A magenta window from a Flatpak sandbox
Exec=flat
Icon=utilities-terminal
Terminal=false
StartupWMClass=org.example.Flat
Categories=Utility;
EOF
flatpak build-finish --socket=x11 --socket=wayland --share=ipc "$app" >/dev/null
flatpak build-export --disable-sandbox "$repo" "$app" test >/dev/null
touch "$cache/$key/done"
echo "$repo"
