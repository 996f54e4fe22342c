#!/usr/bin/env bash
# Generates the C glue of the Wayland protocols the guard's wlroots backend speaks, with wayland-scanner, into
# Sources/CWaylandProtocols/generated (git-ignored): wlr-foreign-toplevel-management-unstable-v1 and
# wlr-layer-shell-unstable-v1, xdg-shell (layer-shell's popups refer to xdg_popup), and
# wlr-virtual-pointer-unstable-v1 (the tests' pointer on a compositor with no input device: WaylandKit's
# WlrVirtualPointer). `make build`, `make test`,
# `make release-build` (so debian/rules) and the bench targets run it before `swift build`; a bare `swift build`
# in a fresh clone stops at an #error that names this script.
#
# The wlr XML files are not in the repository. Debian ships them only inside Rust crate source packages:
# librust-wayland-protocols-dev (Debian 12, 0.29.x) and librust-wayland-protocols-wlr-dev (Debian 13). They are
# taken, in this order, from $APPLOCK_WLR_PROTOCOLS (a folder holding the three files), from the cache
# .build/wlr-protocols, from an installed crate package, or from the crate package fetched with `apt-get download`
# and unpacked with `dpkg-deb -x` (no installation, no root); the three files are then kept in the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
# The C flags of GTK and libsecret, in .pc files of their own (see that script).
./scripts/pkg-config.sh

out=Sources/CWaylandProtocols/generated
cache=.build/wlr-protocols
wlr=(wlr-foreign-toplevel-management-unstable-v1 wlr-layer-shell-unstable-v1 wlr-virtual-pointer-unstable-v1)
xdg_shell=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml

up_to_date() {
    for name in "${wlr[@]}" xdg-shell; do
        [ "$out/$name-protocol.c" -nt "$0" ] && [ -f "$out/$name-client-protocol.h" ] || return 1
    done
}
up_to_date && exit 0

# The folder that holds every wlr file, among the candidates given.
folder_with_all() {
    for dir in "$@"; do
        local missing=
        for name in "${wlr[@]}"; do [ -f "$dir/$name.xml" ] || missing=yes; done
        [ -z "$missing" ] && { echo "$dir"; return 0; }
    done
    return 1
}

mkdir -p "$cache"
source=$(folder_with_all ${APPLOCK_WLR_PROTOCOLS:+"$APPLOCK_WLR_PROTOCOLS"} "$cache" \
    /usr/share/cargo/registry/wayland-protocols-wlr-*/wlr-protocols/unstable \
    /usr/share/cargo/registry/wayland-protocols-*/wlr-protocols/unstable) || source=
if [ -z "$source" ]; then
    download=$(mktemp -d)
    trap 'rm -rf "$download"' EXIT
    for package in librust-wayland-protocols-wlr-dev librust-wayland-protocols-dev; do
        (cd "$download" && apt-get download "$package" >/dev/null 2>&1) || continue
        for deb in "$download"/*.deb; do dpkg-deb -x "$deb" "$download/root"; done
        source=$(folder_with_all "$download"/root/usr/share/cargo/registry/wayland-protocols*-*/wlr-protocols/unstable) \
            && break
        rm -rf "$download"/*
    done
    if [ -z "$source" ]; then
        echo "wlr-protocols.sh: no ${wlr[*]/%/.xml}: install librust-wayland-protocols-dev" \
            "(Debian 12) or librust-wayland-protocols-wlr-dev (Debian 13), or set APPLOCK_WLR_PROTOCOLS to a folder" \
            "holding all three" >&2
        exit 1
    fi
fi
[ "$source" = "$cache" ] || for name in "${wlr[@]}"; do cp "$source/$name.xml" "$cache/"; done
[ -f "$xdg_shell" ] || { echo "wlr-protocols.sh: no $xdg_shell: install wayland-protocols" >&2; exit 1; }

mkdir -p "$out"
for xml in "${wlr[@]/#/$cache/}" "$xdg_shell"; do
    xml=${xml%.xml}.xml
    name=$(basename "$xml" .xml)
    wayland-scanner client-header "$xml" "$out/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done
