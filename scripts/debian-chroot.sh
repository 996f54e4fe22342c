#!/usr/bin/env bash
# A Debian chroot with a newer generation of desktops, in which the test suites built on this Debian 12 host run
# unchanged against those desktops. SUITE is one of:
#   trixie   Debian 13: GNOME Shell 48, KWin 6.3, sway 1.10, labwc 0.8
#   forky    Debian testing: GNOME Shell 50, KWin 6.7, sway 1.12, labwc 0.20
#
#   scripts/debian-chroot.sh SUITE ensure          make the chroot, or reuse it and install what its list lacks
#   scripts/debian-chroot.sh SUITE run CMD ARGS…   run a command inside (private mount namespace, see below)
#   scripts/debian-chroot.sh SUITE test FILTER…    run the built test bundle inside, Swift Testing, --filter each FILTER
#
# scripts/debian13-chroot.sh is this script for trixie. The folder is APPLOCK_CHROOT for trixie (its old name) or
# APPLOCK_CHROOT_FORKY for forky, by default .cache/debian13 or .cache/forky in the checkout (ignored by git). It is
# made with debootstrap --variant=minbase (forky with debootstrap's sid script, which Debian 12's debootstrap uses
# for testing as well) and kept between runs; a policy-rc.d stops every package from starting a service; apt inside
# ignores Release files' Valid-Until (testing's expire between its updates). The archive is the one this machine's
# own apt sources (/etc/apt/sources.list and sources.list.d, one-line or deb822) name for its own release, as apt
# reads them; APPLOCK_DEBIAN_MIRROR overrides it. `run` and `test` bind /proc, /sys, /dev, /dev/pts, /dev/shm (sway
# cannot allocate buffers without it), /opt/swift and the checkout (at the same absolute path) in a mount namespace
# of their own, so nothing stays mounted on the host when they end, and several can run at once. Inside, the
# environment is PATH, HOME, TERM, the APPLOCK_* variables and APPLOCK_TEST_DISTRIBUTION (debian13 or forky). Needs
# root (CI and the development machine are root).
set -euo pipefail
export PATH="$PATH:/opt/swift/usr/bin"
checkout="$(cd "$(dirname "$0")/.." && pwd)"
suite="${1:-}"
case "$suite" in
    trixie) chroot_dir="${APPLOCK_CHROOT:-$checkout/.cache/debian13}"; distribution=debian13; script=trixie ;;
    forky) chroot_dir="${APPLOCK_CHROOT_FORKY:-$checkout/.cache/forky}"; distribution=forky; script=sid ;;
    *) echo "usage: $0 trixie|forky ensure | run CMD ARGS… | test FILTER…" >&2; exit 2 ;;
esac
shift
name="debian-chroot $suite"

# What the tests run inside: the desktops, the guarded apps, the session services the tests start (private
# dbus-daemon, gnome-keyring, python3-dbusmock's logind/polkitd/notification templates) and the libraries the
# host-built binaries link (GTK 4, libadwaita, libsecret, libdbus, Wayland; libsodium is linked statically);
# systemd-analyze (with man, for its Documentation= check) and desktop-file-validate for the installed package's
# checks (make deb-test).
packages=(
    dbus dbus-bin dbus-daemon dbus-x11 libglib2.0-bin procps passwd util-linux
    python3 python3-dbus python3-gi python3-dbusmock python3-xlib
    gnome-keyring libsecret-tools libsecret-1-0 libdbus-1-3
    libgtk-4-1 libadwaita-1-0 gir1.2-gtk-4.0 libwayland-client0 libx11-6 libxfixes3 libxres1 libxi6 libcairo2
    adwaita-icon-theme fonts-dejavu-core dconf-cli imagemagick
    gnome-shell mutter kwin-wayland xwayland sway labwc wlrctl foot weston grim wtype wayland-utils
    # KWinGuardTests: xterm on Xwayland; the Xvfb that holds KWin 6's output where it has no GPU (and xprop to
    # see it up); wayland-scanner, gcc and fake-input.xml to build the test's fake keyboard.
    xterm xvfb x11-utils gcc libc6-dev pkg-config libwayland-dev plasma-wayland-protocols
    # GnomeGuardTests: gtk4-demo, whose modal dialog is hidden with its locked app.
    gtk-4-examples
    # GnomeGuardTests' screen sharing: the daemon a Mutter screen cast streams to.
    pipewire
    # The lock window as a layer-shell surface where the compositor ignores minimise (the guard preloads it).
    libgtk4-layer-shell0
    # SwayRealAppTests: Debian's own apps on each generation's sway, started offline (ip brings up the network
    # namespace's loopback).
    firefox-esr gnome-text-editor iproute2
    systemd desktop-file-utils man-db
    # GnomeGuardTests in German: msgfmt compiles the test's catalogue (TranslatedSession); locales for de_DE.UTF-8,
    # compiled below (glibc 2.41 ignores LANGUAGE under C.UTF-8).
    gettext locales
)
# The locales compiled with localedef when missing.
chroot_locales=(de_DE)

need_root() {
    [ "$(id -u)" -eq 0 ] || { echo "$name: needs root (it runs debootstrap, chroot and mounts)" >&2; exit 1; }
}

# The URI of the Debian archive that this machine's apt sources name for the machine's own release (the entry of
# type deb whose suites include VERSION_CODENAME), read as apt reads them: sources.list and sources.list.d/*.list
# in the one-line format, sources.list.d/*.sources in deb822 (stanzas with Enabled: no skipped).
apt_archive() {
    local codename files=()
    codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
    [ -n "$codename" ] || return 1
    shopt -s nullglob
    [ -f /etc/apt/sources.list ] && files+=(/etc/apt/sources.list)
    files+=(/etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources)
    shopt -u nullglob
    [ ${#files[@]} -gt 0 ] || return 1
    awk -v codename="$codename" '
        function flush() {
            if (types ~ /(^| )deb( |$)/ && enabled !~ /^(no|false|0)$/ && (" " suites " ") ~ (" " codename " ") && uris != "") {
                split(uris, u, " "); print u[1]; exit
            }
            types = ""; uris = ""; suites = ""; enabled = ""
        }
        FNR == 1 { flush(); deb822 = FILENAME ~ /\.sources$/ }
        /^[ \t]*#/ { next }
        { sub(/#.*/, "") }
        deb822 && /^[ \t]*$/ { flush(); next }
        deb822 {
            field = tolower($1); sub(/:$/, "", field); value = $0; sub(/^[^:]*:[ \t]*/, "", value)
            if (field == "types") types = value
            else if (field == "uris") uris = value
            else if (field == "suites") suites = value
            else if (field == "enabled") enabled = tolower(value)
            next
        }
        $1 == "deb" {
            line = $0; sub(/^[ \t]*deb[ \t]+/, "", line); sub(/^\[[^]]*\][ \t]*/, "", line)
            split(line, f, /[ \t]+/)
            if (f[2] == codename) { print f[1]; exit }
        }
        END { flush() }
    ' "${files[@]}" | head -n 1 | grep .
}

mirror() {
    if [ -n "${APPLOCK_DEBIAN_MIRROR:-}" ]; then echo "$APPLOCK_DEBIAN_MIRROR"; return; fi
    apt_archive || { echo "$name: no Debian archive found in /etc/apt/sources.list* for this machine's release;" \
        "set APPLOCK_DEBIAN_MIRROR" >&2; return 1; }
}

missing_packages() {
    local p
    for p in "${packages[@]}"; do
        chroot "$chroot_dir" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            printf '%s\n' "$p"
    done
}

ensure() {
    need_root
    mkdir -p "$(dirname "$chroot_dir")"
    exec 9>"$chroot_dir.lock"
    flock 9
    if ! command -v debootstrap >/dev/null; then
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=900 debootstrap
    fi
    if [ ! -e "$chroot_dir/.applock-debootstrapped" ]; then
        local archive
        archive="$(mirror)"
        echo "$name: debootstrap $suite into $chroot_dir from $archive"
        rm -rf "$chroot_dir"
        debootstrap --variant=minbase "$suite" "$chroot_dir" "$archive" "/usr/share/debootstrap/scripts/$script" \
            > "$chroot_dir.debootstrap.log" 2>&1 || { tail -20 "$chroot_dir.debootstrap.log" >&2; exit 1; }
        printf '#!/bin/sh\nexit 101\n' > "$chroot_dir/usr/sbin/policy-rc.d"
        chmod 755 "$chroot_dir/usr/sbin/policy-rc.d"
        touch "$chroot_dir/.applock-debootstrapped"
    fi
    printf 'Acquire::Check-Valid-Until "false";\n' > "$chroot_dir/etc/apt/apt.conf.d/99applock-valid-until"
    cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf" 2>/dev/null || true
    mapfile -t missing < <(missing_packages)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "$name: installing ${missing[*]}"
        in_namespace chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
            DEBIAN_FRONTEND=noninteractive sh -c \
            'apt-get update -q && apt-get install -y -q --no-install-recommends "$@"' sh "${missing[@]}" \
            > "$chroot_dir.apt.log" 2>&1 || { tail -30 "$chroot_dir.apt.log" >&2; exit 1; }
    fi
    local l
    for l in "${chroot_locales[@]}"; do
        chroot "$chroot_dir" locale -a | grep -qx "$l.utf8" || chroot "$chroot_dir" localedef -i "$l" -f UTF-8 "$l.UTF-8"
    done
}

# Runs "$@" in a new mount namespace with the chroot's bind mounts in place; with private_network set, in a network
# namespace of its own too (loopback only), so that X servers in two chroots at once cannot meet: an X display's
# abstract socket (@/tmp/.X11-unix/X<n>) lives in the network namespace, and each chroot's /tmp hides the other's
# lock files.
private_network=
in_namespace() {
    unshare --mount --propagation private ${private_network:+--net} -- bash -euo pipefail -c '
        root="$1"; checkout="$2"; net="$3"; shift 3
        if [ -n "$net" ]; then chroot "$root" ip link set lo up; fi
        mount -t proc proc "$root/proc"
        mount --rbind /sys "$root/sys"
        mount --rbind /dev "$root/dev"
        mkdir -p "$root/dev/pts" "$root/dev/shm"
        mount --bind /dev/pts "$root/dev/pts"
        mount --bind /dev/shm "$root/dev/shm"
        if [ -d /opt/swift ]; then mkdir -p "$root/opt/swift"; mount --bind /opt/swift "$root/opt/swift"; fi
        mkdir -p "$root$checkout"
        mount --bind "$checkout" "$root$checkout"
        exec "$@"
    ' in-namespace "$chroot_dir" "$checkout" "$private_network" "$@"
}

run() {
    need_root
    [ -e "$chroot_dir/.applock-debootstrapped" ] || { echo "$name: no chroot; run '$0 $suite ensure' first" >&2; exit 1; }
    local environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
        TERM="${TERM:-dumb}" APPLOCK_TEST_DISTRIBUTION="$distribution" LANG=C.UTF-8)
    local variable
    while IFS= read -r variable; do
        environment+=("$variable=${!variable}")
    done < <(compgen -e | grep '^APPLOCK_' | grep -v '^APPLOCK_TEST_DISTRIBUTION$' || true)
    in_namespace chroot "$chroot_dir" /usr/bin/env -i "${environment[@]}" bash -c 'cd "$1" && shift && exec "$@"' \
        run "$checkout" "$@"
}

test_bundle() {
    local bin bundle arguments=()
    bin="$(cd "$checkout" && swift build ${SWIFT_FLAGS:-} --show-bin-path)"
    bundle="$bin/applockPackageTests.xctest"
    [ -x "$bundle" ] || { echo "$name: $bundle is not built (swift build --build-tests)" >&2; exit 1; }
    local filter
    for filter in "$@"; do arguments+=(--filter "$filter"); done
    private_network=yes
    run "$bundle" --testing-library swift-testing "${arguments[@]}"
}

case "${1:-}" in
    ensure) ensure ;;
    run) shift; run "$@" ;;
    test) shift; test_bundle "$@" ;;
    *) echo "usage: $0 $suite ensure | run CMD ARGS… | test FILTER…" >&2; exit 2 ;;
esac
