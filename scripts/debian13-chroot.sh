#!/usr/bin/env bash
# The Debian 13 ("trixie") chroot: scripts/debian-chroot.sh trixie (see there).
exec "$(dirname "$0")/debian-chroot.sh" trixie "$@"
