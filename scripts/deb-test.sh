#!/usr/bin/env bash
# Tests the Debian package built by `make deb` on this machine, as a user gets it: apt-get installs it; docs/install.md's
# list of installed files is what `dpkg -L applock` lists; the installed applockctl runs; the installed files pass
# InstallTests (unit verifies, D-Bus activation of /usr/bin/applockd on a private session bus, a passcode stored in
# a real keyring through /usr/bin/applock-store-helper); apt-get remove takes every file but the conffiles, purge
# takes those and the unit links; and the machine ends as it began (applock not installed, nothing it pulled in, no
# path of its own left or gone under /etc, /usr and /var/lib). Usage: scripts/deb-test.sh [DIST] (default dist). Runs apt-get as root, through sudo otherwise.
# With APPLOCK_TEST_BUNDLE set to a test bundle already built (`make deb-test-debian13` runs this script inside the
# Debian 13 chroot, which has no Swift build environment), step 6 runs that bundle instead of building.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
dist=${1:-dist}
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q)
passed=0
failed=0
work=$(mktemp -d /tmp/applock-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); echo "deb-test: ok: $*"; }
fail() { failed=$((failed + 1)); echo "deb-test: FAILED: $*" >&2; }
package_state() { dpkg-query -W -f='${db:Status-Abbrev}' applock 2>/dev/null | tr -d ' ' || true; }
installed_packages() { dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '$1 == "ii" { print $2 }' | sort; }
# The paths read on standard input that exist (as files or links).
existing() { while read -r path; do if [ -e "$path" ] || [ -L "$path" ]; then echo "$path"; fi; done; }
# The paths of the installed package's files and links, without its directories.
package_files() { dpkg -L applock | while read -r path; do if [ ! -d "$path" ] || [ -L "$path" ]; then echo "$path"; fi; done; }
# Every path under the trees a package writes, but apt's and dpkg's own bookkeeping (the package's state is checked
# through dpkg-query) and Python's byte-code caches, which other programs write as they run.
machine_files() {
    find /etc /usr /var/lib -xdev \
        \( -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/lib/systemd/coredump -o -path /var/lib/dhcp \
           -o -name __pycache__ \) -prune -o -print 2>/dev/null | sort
}

shopt -s nullglob
debs=("$dist"/applock_*.deb)
shopt -u nullglob
[ ${#debs[@]} -eq 1 ] || { echo "deb-test: expected one $dist/applock_*.deb (make deb), found ${#debs[@]}" >&2; exit 1; }
deb=$(realpath "${debs[0]}")
version=$(dpkg-deb -f "$deb" Version)

# The tests of step 6 are built first, before the machine changes (after make test, as on CI, there is nothing to do).
install_test=InstallTests/installedUnitVerifiesAndTheBusActivatesTheAgent
if [ -n "${APPLOCK_TEST_BUNDLE:-}" ]; then
    [ -x "$APPLOCK_TEST_BUNDLE" ] || { echo "deb-test: APPLOCK_TEST_BUNDLE $APPLOCK_TEST_BUNDLE is not a built test bundle" >&2; exit 1; }
    run_install_test() { "$APPLOCK_TEST_BUNDLE" --testing-library swift-testing --filter "$install_test"; }
else
    swift build --build-tests > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "deb-test: swift build --build-tests failed" >&2; exit 1; }
    run_install_test() { swift test --skip-build --filter "$install_test"; }
fi

state=$(package_state)
if [ -n "$state" ] && [ "$state" != "un" ] && [ "$state" != "pn" ]; then
    echo "deb-test: applock is already on this machine (dpkg state $state). This test installs, removes and purges" >&2
    echo "the package and must leave the machine as it found it: remove it first (apt-get purge applock)." >&2
    exit 1
fi
machine_files > "$work/files-before"

cleanup() {
    local status=$?
    if [ -n "$(package_state | grep -v -e '^un$' -e '^pn$' -e '^$')" ]; then "${apt[@]}" purge applock >/dev/null || true; fi
    if [ -s "$work/packages-added" ]; then xargs -a "$work/packages-added" "${apt[@]}" purge >/dev/null || true; fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# 1. apt-get installs it (with whatever it depends on that is missing here: those are purged again at the end, and
#    only those, taken as what apt added while it held the dpkg lock).
installed_packages > "$work/packages-before"
touch "$work/packages-added"
if "${apt[@]}" install "$deb" > "$work/install.log" 2>&1; then pass "apt-get install $deb"; else
    cat "$work/install.log" >&2; fail "apt-get install $deb"; exit 1; fi
installed_packages | comm -13 "$work/packages-before" - | grep -v '^applock$' > "$work/packages-added" || true

# 2. dpkg -L lists exactly the files docs/install.md promises (those not marked "`make install` only"), man pages
#    compressed, plus the package's own /usr/share/doc/applock and lintian overrides.
awk '/^<!-- installed-files/ { on = 1; next } /^<!-- \/installed-files/ { on = 0 }
     on && /^\| `/ { split($0, cell, "|"); path = cell[2]; gsub(/[ `]/, "", path);
                     if (cell[3] !~ /^ *`make install` only/) print "/" path }' docs/install.md | sort > "$work/promised"
package_files | grep -v -e '^/usr/share/doc/applock/' -e '^/usr/share/lintian/overrides/applock$' \
    | sed -E 's|^(/usr/share/man/.*)\.gz$|\1|' | sort > "$work/listed"
if [ -s "$work/promised" ] && diff -u "$work/promised" "$work/listed" > "$work/list.diff"; then
    pass "dpkg -L applock lists the $(wc -l < "$work/promised") files docs/install.md promises"
else
    cat "$work/list.diff" >&2; fail "dpkg -L applock differs from docs/install.md's list (- promised, + listed)"; fi

# 3. The installed applockctl runs and is this package's version.
if out=$(applockctl --version) && [ "$out" = "$version" ]; then pass "applockctl --version: $out"; else
    fail "applockctl --version printed '${out:-}', package version $version"; fi
if [ "$(command -v applockctl)" = /usr/bin/applockctl ]; then pass "applockctl is /usr/bin/applockctl"; else
    fail "applockctl on PATH is $(command -v applockctl), not /usr/bin/applockctl"; fi

# 3b. Each installed program finds every library it loads (ldd), the Swift runtime's in /usr/lib/applock, the
#     package's private folder, and nowhere else: not in a toolchain that this machine happens to have.
for p in /usr/bin/applockd /usr/bin/applock-store-helper /usr/bin/applockctl /usr/bin/applock-guard \
    /usr/bin/applock-lock-window /usr/bin/applock-settings; do
    libs=$(LD_LIBRARY_PATH= ldd "$p" 2>&1) || true
    missing=$(grep 'not found' <<< "$libs" || true)
    astray=$(grep -E '(libswift|libFoundation|libdispatch|libBlocksRuntime)' <<< "$libs" | grep -vE '=> /usr/(bin/\.\./)?lib/applock/' || true)
    if [ -z "$missing$astray" ]; then pass "ldd $p: every library found, the Swift runtime in /usr/lib/applock"; else
        fail "ldd $p: ${missing:-}${astray:-}"; fi
done

# 4. The user unit is enabled for every user, the Debian way.
if [ -L /etc/systemd/user/graphical-session.target.wants/applockd.service ]; then
    pass "applockd.service enabled for every user (/etc/systemd/user/graphical-session.target.wants)"
else fail "applockd.service is not enabled in /etc/systemd/user"; fi

# 5. An upgrade (a reinstall runs the same maintainer scripts: prerm upgrade, unpack, postinst configure) keeps the
#    administrator's choice: a unit disabled for every user stays disabled.
systemctl --global disable applockd.service > /dev/null 2>&1
if "${apt[@]}" install --reinstall "$deb" > "$work/reinstall.log" 2>&1 \
    && [ ! -e /etc/systemd/user/graphical-session.target.wants/applockd.service ] && [ -x /usr/bin/applockd ]; then
    pass "an upgrade keeps applockd.service disabled when the administrator disabled it"
else cat "$work/reinstall.log" >&2; fail "after an upgrade, applockd.service is enabled again (or the upgrade failed)"; fi
systemctl --global enable applockd.service > /dev/null 2>&1

# 6. The installed files at work: InstallTests against /usr.
if APPLOCK_INSTALLED_PREFIX=/usr run_install_test > "$work/swift-test.log" 2>&1 \
    && grep -q "Test run with 1 test .*passed after" "$work/swift-test.log"; then
    pass "InstallTests with APPLOCK_INSTALLED_PREFIX=/usr (unit verifies, D-Bus activation of /usr/bin/applockd, passcode in the keyring)"
else cat "$work/swift-test.log" >&2; fail "InstallTests against the installed package"; fi

# 7. apt-get remove takes every file but the conffiles; purge takes the rest.
package_files | sort > "$work/files"
sed -n 's/^ \(\/[^ ]*\) .*/\1/p' < <(dpkg-query -W -f='${Conffiles}\n' applock) | sort > "$work/conffiles"
"${apt[@]}" remove applock > "$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; fail "apt-get remove applock"; }
left=$(comm -23 "$work/files" "$work/conffiles" | existing)
if [ "$(package_state)" = rc ] && [ -z "$left" ]; then
    pass "apt-get remove applock removed its $(comm -23 "$work/files" "$work/conffiles" | wc -l) files, kept $(wc -l < "$work/conffiles") conffile(s)"
else fail "after apt-get remove (state $(package_state)), still there: $left"; fi
"${apt[@]}" purge applock > "$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "apt-get purge applock"; }
if grep -q "Each user's own AppLock data is left in place" "$work/purge.log"; then pass "purge says what it leaves"; else
    cat "$work/purge.log" >&2; fail "purge did not say what it leaves"; fi

# 8. The machine is as it was: applock not installed, no package it pulled in left, and none of the paths that
#    appeared or went away under /etc, /usr and /var/lib is ours: every file of the package and every
#    deb-systemd-helper state file for its units names applock, and the links that enable the units (and the
#    directories that hold them) are under /etc/systemd/user. Other differences come from other programs installing
#    packages meanwhile (a development machine is shared): they are counted in a note, not as a failure.
if [ -s "$work/packages-added" ]; then xargs -a "$work/packages-added" "${apt[@]}" purge > /dev/null; fi
kept_packages=$(installed_packages | comm -12 - "$work/packages-added")
: > "$work/packages-added"
machine_files > "$work/files-after"
diff "$work/files-before" "$work/files-after" | sed -n 's/^[<>] //p' > "$work/machine.diff" || true
grep -E 'applock|^/etc/systemd/user/' "$work/machine.diff" > "$work/ours.diff" || true
state=$(package_state)
if { [ -z "$state" ] || [ "$state" = un ] || [ "$state" = pn ]; } && [ -z "$kept_packages" ] && [ ! -s "$work/ours.diff" ]; then
    pass "the machine is as it was (applock not installed, no package it pulled in left, no file of ours left or gone)"
else
    fail "the machine is not as it was: dpkg state '$state'; packages left: ${kept_packages:-none}; paths of ours that differ:"
    cat "$work/ours.diff" >&2
fi
if others=$(grep -c . "$work/machine.diff"); [ "$others" -gt "$(grep -c . "$work/ours.diff")" ]; then
    echo "deb-test: note: $((others - $(grep -c . "$work/ours.diff"))) other paths under /etc, /usr, /var/lib changed meanwhile, none of them ours"
fi

echo "deb-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
