#!/usr/bin/env bash
# Installs the Debian packages AppLock needs, if any is missing. Runs apt-get directly as root, through sudo
# otherwise. What it installs depends on what you are about to do:
#   (no option)  build and run AppLock (`make build`, `make run`): compilers' libraries, the session bus, a keyring
#   --test       also what the tests start (`make test`, `make soak`, `make bench`): X servers, window managers,
#                compositors, the guarded apps, python3-dbusmock, screenshots
#   --deb        also what `make deb` needs: the packaging tools and every Build-Depends of debian/control
set -euo pipefail
cd "$(dirname "$0")/.."

# Building and running: the C libraries the Swift targets link, the bus, the keyring and polkit the agent talks to,
# the icons and fonts the GTK windows draw with.
packages=(
    libdbus-1-dev libsecret-1-dev libsodium-dev pkg-config gcc
    libglib2.0-dev libglib2.0-dev-bin libglib2.0-bin
    libgtk-4-dev libgtk-4-bin libadwaita-1-dev libx11-dev libxfixes-dev libxres-dev libxi-dev libcairo2-dev
    adwaita-icon-theme fonts-dejavu-core
    libwayland-dev libwayland-bin wayland-protocols
    dbus dbus-x11 gnome-keyring libsecret-tools polkitd desktop-file-utils procps
    # gettext: xgettext, msgmerge and msgfmt, which make the translation catalogues (po/, `make locale`).
    gettext
    # po4a: the man pages' translations (po/man/, `make man-locale`, run by `make install`).
    po4a
)
lean_packages=()
test_locales=()

if [ "${1:-}" = --test ]; then
    packages+=(
        python3-dbusmock tmux systemd man-db plasma-wayland-protocols libgtk-3-bin
        util-linux xvfb openbox picom xdotool x11-utils xterm python3-xlib imagemagick at-spi2-core python3-pyatspi python3-gi
        xss-lock i3lock sway grim foot wtype
        # waybar: a panel whose tray is a StatusNotifierWatcher and host (SwayStatusItemTests).
        waybar
        # gtk4-demo: the guarded app whose modal dialog GnomeGuardTests hides with it.
        gtk-4-examples
        # gjs: runs the Shell's own notification service (org.gnome.Shell.Notifications, which owns
        # org.freedesktop.Notifications) in GnomeGuardTests' notification test.
        gjs
        # pipewire: the daemon a Mutter screen cast streams to (GnomeGuardTests' screen sharing); pipewire-bin: pw-dump,
        # through which the agent watches for screen casts; gstreamer1.0-tools + -pipewire + -plugins-base: the
        # Video/Source stream PipeWireScreenShareTests offers as a screen cast.
        pipewire pipewire-bin gstreamer1.0-tools gstreamer1.0-pipewire gstreamer1.0-plugins-base
        # fprintd + libpam-fprintd: RealPolkitTests' fingerprint (libfprint's virtual_device, pam_fprintd in a private
        # PAM stack; the profile is off by default, so the machine's own PAM stays as it is). polkitd above brings
        # pkttyagent, the authentication agent those tests register.
        fprintd libpam-fprintd
        # locales: the sources of the locales the translation tests run in (times in German and American English).
        locales
        # fonts-wqy-microhei: Chinese and Japanese glyphs for the lock window's and Settings' screenshot tests in zh_CN
        # and ja (Debian 12: 5 MB installed, where fonts-noto-cjk is 91 MB); DejaVu above has Cyrillic and Hebrew. The
        # translated windows run under C.UTF-8 with LANGUAGE set, so they need no other locale.
        fonts-wqy-microhei
    )
    # Compiled below with localedef when missing (`locale -a` lists them as de_DE.utf8, …).
    test_locales=(de_DE en_US)
    # Installed without their recommendations (kwin-wayland would otherwise pull in much of Plasma).
    # kwin-wayland + xwayland ≈ 188 MB, gnome-shell ≈ 344 MB (measured on Debian 12 with apt-get, no recommendations).
    # weston only for weston-terminal, the native Wayland app guarded in the KWin tests (foot dies on KWin's virtual
    # output, whose size in millimetres is -1).
    # The QML modules KWin's Overview and Present Windows effects load (a Plasma session has them), for the test that
    # neither shows a locked app: 25 packages of Qt and KDE Frameworks QML modules, no recommendations.
    # xfwm4: Xfce's window manager with its compositor, for the guard's test on a compositing X11 desktop.
    # The apps people lock, as Debian ships them, for RealAppGuardTests: gnome-text-editor, evince, firefox-esr (Debian
    # 12: 17 packages, 85 MB to fetch, 338 MB installed, 47 s here); chromium and libreoffice-writer (with thunderbird,
    # keepassxc and telegram-desktop, measured together: 85 packages, 325 MB to fetch, 1.1 GB installed, 79 s).
    # nodejs: `make lint-js` checks the JavaScript of the KWin script and the Shell extensions (`node --check`), and
    # KWinScriptTests runs the KWin script's pure parts in it (Debian 12: node 18, about 40 MB installed).
    # flatpak (Debian 12: 1.14; 6 packages beside bubblewrap, no recommendations): the Flatpak app
    # RealAppGuardTests builds offline from this machine's binaries (scripts/flatpak-test-app.sh) and guards.
    # orca + speech-dispatcher: the screen reader LockWindowScreenReaderTests runs against the lock window, reading
    # what it said from its debug file (Debian 12: orca 43, 20 s to install here, no recommendations).
    lean_packages=(kwin-wayland xwayland gnome-shell weston xfwm4 gnome-text-editor evince firefox-esr chromium thunderbird
        libreoffice-writer keepassxc telegram-desktop iproute2 flatpak nodejs orca speech-dispatcher
        qml-module-qtgraphicaleffects qml-module-qtquick-layouts plasma-framework qml-module-org-kde-kirigami2 milou)
fi
if [ "${1:-}" = --deb ]; then
    packages+=(debhelper dpkg-dev fakeroot lintian)
    # Build-Depends, without version constraints and without debhelper-compat (debhelper provides it).
    mapfile -t build_depends < <(sed -n '/^Build-Depends:/,/^[A-Za-z-]*:/{/^ /p}' debian/control |
        tr ',' '\n' | sed -e 's/([^)]*)//g' -e 's/|.*//' -e 's/[[:space:]]//g' | grep -v -e '^$' -e '^debhelper-compat$')
    packages+=("${build_depends[@]}")
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
missing_lean=()
for p in "${lean_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing_lean+=("$p")
done
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
if [ ${#missing[@]} -gt 0 ] || [ ${#missing_lean[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]} ${missing_lean[*]}"
    "${sudo[@]}" apt-get update -q
    if [ ${#missing[@]} -gt 0 ]; then
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
    fi
    if [ ${#missing_lean[@]} -gt 0 ]; then
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing_lean[@]}"
    fi
fi
for l in "${test_locales[@]}"; do
    locale -a | grep -qx "$l.utf8" || "${sudo[@]}" localedef -i "$l" -f UTF-8 "$l.UTF-8"
done
