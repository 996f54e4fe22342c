#!/usr/bin/env bash
# Installs the Debian packages AppLock needs to build, run and test, if any is missing.
# Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail

packages=(
    libdbus-1-dev libsecret-1-dev libsodium-dev pkg-config
    dbus dbus-x11 libglib2.0-bin libsecret-tools gnome-keyring
    python3-dbusmock tmux desktop-file-utils systemd procps man-db polkitd
    libglib2.0-dev libglib2.0-dev-bin gcc
    libgtk-4-dev libgtk-4-bin libadwaita-1-dev libx11-dev libxi-dev libcairo2-dev adwaita-icon-theme fonts-dejavu-core
    util-linux xvfb openbox xdotool x11-utils xterm python3-xlib imagemagick at-spi2-core python3-pyatspi
    xss-lock i3lock
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
echo "Installing: ${missing[*]}"
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
