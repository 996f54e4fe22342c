#!/usr/bin/env bash
# A Debian 13 ("trixie") chroot with today's desktops (GNOME Shell 48, KWin 6.3, sway 1.10, labwc 0.8), in which the
# test suites built on this Debian 12 host run unchanged against those desktops.
#
#   scripts/debian13-chroot.sh ensure            make the chroot, or reuse it and install what its list lacks
#   scripts/debian13-chroot.sh run CMD ARGS…     run a command inside (private mount namespace, see below)
#   scripts/debian13-chroot.sh test FILTER…      run the built test bundle inside, Swift Testing, --filter each FILTER
#
# APPLOCK_CHROOT names the folder (default .cache/debian13 in the checkout, ignored by git). It is made with
# debootstrap --variant=minbase and kept between runs; a policy-rc.d stops every package from starting a service.
# `run` and `test` bind /proc, /sys, /dev, /dev/pts, /dev/shm (sway cannot allocate buffers without it),
# /opt/swift and the checkout (at the same absolute path) in a mount namespace of their own, so nothing stays
# mounted on the host when they end, and several can run at once. Inside, the environment is PATH, HOME, TERM, the
# APPLOCK_* variables and APPLOCK_TEST_DISTRIBUTION=debian13. Needs root (CI and the development machine are root).
set -euo pipefail
export PATH="$PATH:/opt/swift/usr/bin"
checkout="$(cd "$(dirname "$0")/.." && pwd)"
chroot_dir="${APPLOCK_CHROOT:-$checkout/.cache/debian13}"
mirror="${APPLOCK_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# What the tests run inside: the desktops, the guarded apps, the session services the tests start (private
# dbus-daemon, gnome-keyring, python3-dbusmock's logind/polkitd/notification templates) and the libraries the
# host-built binaries link (GTK 4, libadwaita, libsecret, libsodium, libdbus, Wayland); systemd-analyze (with man,
# for its Documentation= check) and desktop-file-validate for the installed package's checks (make deb-test-debian13).
packages=(
    dbus dbus-bin dbus-daemon dbus-x11 libglib2.0-bin procps passwd util-linux
    python3 python3-dbus python3-gi python3-dbusmock python3-xlib
    gnome-keyring libsecret-tools libsecret-1-0 libsodium23 libdbus-1-3
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
    systemd desktop-file-utils man-db
)

need_root() {
    [ "$(id -u)" -eq 0 ] || { echo "debian13-chroot: needs root (it runs debootstrap, chroot and mounts)" >&2; exit 1; }
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
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap
    fi
    if [ ! -e "$chroot_dir/.applock-debootstrapped" ]; then
        echo "debian13-chroot: debootstrap trixie into $chroot_dir"
        rm -rf "$chroot_dir"
        debootstrap --variant=minbase trixie "$chroot_dir" "$mirror" > "$chroot_dir.debootstrap.log" 2>&1 ||
            { tail -20 "$chroot_dir.debootstrap.log" >&2; exit 1; }
        printf '#!/bin/sh\nexit 101\n' > "$chroot_dir/usr/sbin/policy-rc.d"
        chmod 755 "$chroot_dir/usr/sbin/policy-rc.d"
        touch "$chroot_dir/.applock-debootstrapped"
    fi
    mapfile -t missing < <(missing_packages)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "debian13-chroot: installing ${missing[*]}"
        in_namespace chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
            DEBIAN_FRONTEND=noninteractive sh -c \
            'apt-get update -q && apt-get install -y -q --no-install-recommends "$@"' sh "${missing[@]}" \
            > "$chroot_dir.apt.log" 2>&1 || { tail -30 "$chroot_dir.apt.log" >&2; exit 1; }
    fi
    cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf" 2>/dev/null || true
}

# Runs "$@" in a new mount namespace with the chroot's bind mounts in place.
in_namespace() {
    unshare --mount --propagation private -- bash -euo pipefail -c '
        root="$1"; checkout="$2"; shift 2
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
    ' in-namespace "$chroot_dir" "$checkout" "$@"
}

run() {
    need_root
    [ -e "$chroot_dir/.applock-debootstrapped" ] || { echo "debian13-chroot: no chroot; run '$0 ensure' first" >&2; exit 1; }
    local environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
        TERM="${TERM:-dumb}" APPLOCK_TEST_DISTRIBUTION=debian13 LANG=C.UTF-8)
    local name
    while IFS= read -r name; do
        environment+=("$name=${!name}")
    done < <(compgen -e | grep '^APPLOCK_' | grep -v '^APPLOCK_TEST_DISTRIBUTION$' || true)
    in_namespace chroot "$chroot_dir" /usr/bin/env -i "${environment[@]}" bash -c 'cd "$1" && shift && exec "$@"' \
        run "$checkout" "$@"
}

test_bundle() {
    local bin bundle arguments=()
    bin="$(cd "$checkout" && swift build ${SWIFT_FLAGS:-} --show-bin-path)"
    bundle="$bin/applockPackageTests.xctest"
    [ -x "$bundle" ] || { echo "debian13-chroot: $bundle is not built (swift build --build-tests)" >&2; exit 1; }
    local filter
    for filter in "$@"; do arguments+=(--filter "$filter"); done
    run "$bundle" --testing-library swift-testing "${arguments[@]}"
}

case "${1:-}" in
    ensure) ensure ;;
    run) shift; run "$@" ;;
    test) shift; test_bundle "$@" ;;
    *) echo "usage: $0 ensure | run CMD ARGS… | test FILTER…" >&2; exit 2 ;;
esac
