# AppLock — `make run` runs the agent, `make test` runs every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_FLAGS ?=
BIN = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)

.PHONY: all deps deps-test protocols build release run test install uninstall clean locale po pot man-po man-locale

all: build

# What building and running need (deps), and what the tests need besides (deps-test: X servers, compositors,
# python3-dbusmock, …); scripts/install-deps.sh lists both.
deps:
	@./scripts/install-deps.sh

deps-test:
	@./scripts/install-deps.sh --test

# The C glue of the Wayland protocols the guard's wlroots backend speaks, generated with wayland-scanner into
# Sources/CWaylandProtocols/generated (git-ignored) from XML fetched from Debian: every target that runs
# `swift build` runs this first (scripts/wlr-protocols.sh says where the XML comes from).
protocols:
	@./scripts/wlr-protocols.sh

# With the test build's flags (WERROR, below), so that `make run` and `make test` share one build instead of each
# recompiling everything after the other.
build: deps protocols
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR)
	@$(MAKE) --no-print-directory locale

# ---- translations (docs/TRANSLATING.md) -------------------------------------------------------------------------
# One gettext domain, `applock`. po/POTFILES names the files with strings to translate: Swift sources (xgettext -L C
# with L("…") and N("…", "…", n)), desktop entries and the polkit policy (xgettext's own rules), the GNOME Shell
# extension's shared script (JavaScript, _("…")). `make locale` extracts them afresh into .build/po/applock.pot,
# merges each po/<ll>.po with it (msgmerge, without touching po/), checks and compiles it (msgfmt -c) into
# share/locale/<ll>/LC_MESSAGES/applock.mo beside the build's bin folder, where the programs built there look
# (Sources/Translation). `make po` writes the fresh template and the merged catalogues back into po/ for
# translators. The catalogues' completeness is TranslationTests' to check.
LINGUAS = $(shell sed 's/\#.*//' po/LINGUAS)
POT_SWIFT = $(shell sed 's/\#.*//' po/POTFILES | grep '\.swift$$')
POT_JS = $(shell sed 's/\#.*//' po/POTFILES | grep '\.js$$')
POT_DATA = $(shell sed 's/\#.*//' po/POTFILES | grep -v -e '\.swift$$' -e '\.js$$')

PO_BUILD = $(CURDIR)/.build/po
LOCALE_BUILD = $(BIN)/../share/locale

# $(1): the template to write.
define extract_pot
	xgettext --package-name=applock \
		-L C --from-code=UTF-8 -kL -kN:1,2 -kN_ --add-comments=TRANSLATORS -o '$(1)' $(POT_SWIFT)
	$(if $(POT_JS),xgettext -j -L JavaScript --from-code=UTF-8 -k_ --add-comments=TRANSLATORS -o '$(1)' $(POT_JS))
	xgettext -j --from-code=UTF-8 --add-comments=TRANSLATORS -o '$(1)' $(POT_DATA)
endef

# `make pot POT_OUT=<file>`: only the fresh template (TranslationTests merges each catalogue with it).
POT_OUT ?= $(PO_BUILD)/applock.pot
pot:
	@mkdir -p '$(dir $(POT_OUT))'
	@$(call extract_pot,$(POT_OUT))

locale:
	@mkdir -p '$(PO_BUILD)'
	@$(call extract_pot,$(PO_BUILD)/applock.pot)
	@set -e; for l in $(LINGUAS); do \
		msgmerge --quiet --no-fuzzy-matching -o '$(PO_BUILD)/'"$$l.po" "po/$$l.po" '$(PO_BUILD)/applock.pot'; \
		mkdir -p '$(LOCALE_BUILD)/'"$$l/LC_MESSAGES"; \
		msgfmt -c -o '$(LOCALE_BUILD)/'"$$l/LC_MESSAGES/applock.mo" '$(PO_BUILD)/'"$$l.po"; \
	done

po:
	$(call extract_pot,po/applock.pot)
	set -e; for l in $(LINGUAS); do msgmerge --quiet --update --backup=none "po/$$l.po" po/applock.pot; done

# The man pages (man/*) are translated with po4a: po/man/po4a.cfg lists the pages by path and the languages, with one
# catalogue per language in po/man/<ll>.po. `make man-po` updates the template and the catalogues after a page
# changes; `make man-locale` writes each language's pages, translated in full (po4a --keep=100), into .build/man/<ll>/,
# which `make install` installs under share/man/<ll>/.
MAN_BUILD = $(CURDIR)/.build/man
MAN_LINGUAS = $(shell sed -n 's/^\[po4a_langs\]//p' po/man/po4a.cfg)
# The pages po4a translates (po4a.cfg lists them by path; applockctl.1, made from --help, is not among them).
MAN_TRANSLATED = $(shell sed -n 's|^\[type: man\] man/\([^ ]*\) .*|\1|p' po/man/po4a.cfg)

man-po:
	po4a --no-translations po/man/po4a.cfg

man-locale:
	@mkdir -p '$(MAN_BUILD)'
	@po4a --no-update --destdir '$(MAN_BUILD)' po/man/po4a.cfg

release: deps
	@$(MAKE) --no-print-directory release-build

run: build
	APPLOCK_GUARD="$(BIN)/applock-guard" ./scripts/run-agent.sh "$(BIN)/applockd" $(ARGS)

# A hung test must fail the run, not eat CI's whole budget.
TEST_TIMEOUT ?= 1500
# Each run's whole output is kept in .build/test-logs; when a run fails, its failing tests and their issues are
# printed again at its end, so that the last lines of a long log (all that a CI summary may show) name them (Swift
# Testing colours its output when writing into a pipe with TERM set, hence the sed).
TEST_LOG ?= $(CURDIR)/.build/test-logs/host.log
DEBIAN13_TEST_LOG ?= $(CURDIR)/.build/test-logs/debian13.log
FORKY_TEST_LOG ?= $(CURDIR)/.build/test-logs/forky.log
FAILURES_AGAIN = if [ "$$status" != 0 ]; then echo "--- the failures of this run, again (whole output: $(1)):"; \
	sed 's/\x1b\[[0-9;]*m//g' '$(1)' | grep -aE '^✘ ' | cut -c1-600 | tail -n 40; fi
# The test build (what CI runs) treats every compiler warning as an error.
WERROR = -Xswiftc -warnings-as-errors

test: chroots-early deps-test protocols lint-js
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@$(MAKE) --no-print-directory locale
	@mkdir -p '$(dir $(HOSTILE_SUMMARY))' '$(dir $(TEST_LOG))'; rm -f '$(HOSTILE_SUMMARY)'
	@HOSTILE_SUMMARY='$(HOSTILE_SUMMARY)' timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test $(SWIFT_FLAGS) --skip-build \
		$(foreach s,$(DEBIAN13_ONLY_SUITES),--skip $(s)) 2>&1 | tee '$(TEST_LOG)'; \
		status=$${PIPESTATUS[0]}; $(HOSTILE_REPORT); $(call FAILURES_AGAIN,$(TEST_LOG)); exit $$status
	@$(MAKE) --no-print-directory test-chroots-run

# Both chroots' suites at once: each ends in one long serialised suite (GNOME's or KWin's) that leaves a core idle,
# and the two X-server and compositor sets cannot meet (each chroot's tests run in a network namespace of their own,
# see scripts/debian-chroot.sh). Each run's output is printed whole once it has ended, Debian 13's first.
.PHONY: test-chroots-run
test-chroots-run:
	@mkdir -p '$(dir $(DEBIAN13_TEST_LOG))' '$(dir $(FORKY_TEST_LOG))'
	@$(MAKE) --no-print-directory test-debian13-run >'$(DEBIAN13_TEST_LOG).make' 2>&1 & trixie=$$!; \
	$(MAKE) --no-print-directory test-forky-run >'$(FORKY_TEST_LOG).make' 2>&1 & forky=$$!; \
	status=0; wait $$trixie || status=1; cat '$(DEBIAN13_TEST_LOG).make'; \
	wait $$forky || status=1; cat '$(FORKY_TEST_LOG).make'; exit $$status

# ---- JavaScript -------------------------------------------------------------------------------------------------
# The JavaScript AppLock puts inside the compositors, parsed as each compositor will load it (`node --check`, from
# install-deps.sh --test): the KWin script package's files as scripts, and each GNOME Shell extension's extension.js
# as `make install` assembles it (an ES module from GNOME 45, an `imports` script for 43 and 44).
.PHONY: lint-js
lint-js:
	@set -euo pipefail; command -v node >/dev/null || { echo "make lint-js: no node (scripts/install-deps.sh --test)" >&2; exit 1; }; \
	for f in $(KWIN_SCRIPT_FILES); do case "$$f" in *.js) node --check "data/kwin/applock/$$f";; esac; done; \
	tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	for e in $(GNOME_EXTENSIONS); do \
		$(GNOME_EXTENSION_JS) "data/gnome-shell/extensions/$$e/extension.js.in" > "$$tmp/extension.js"; \
		if grep -q '^import ' "$$tmp/extension.js"; then node --check --input-type=module < "$$tmp/extension.js"; \
		else node --check "$$tmp/extension.js"; fi || { echo "make lint-js: $$e/extension.js does not parse" >&2; exit 1; }; \
	done; \
	echo "lint-js: the KWin script and $(words $(GNOME_EXTENSIONS)) Shell extensions parse"

# The two chroots below are made (or brought up to their package lists) in the background from the start of
# `make test`, while the host's packages install, the build compiles and the host's suites run: debootstrap and apt
# wait on the network and the disk, the build on the CPU. Each chroot's own `ensure` before its suites waits for
# the background one (they share a lock) and then finds nothing left to do, or reports what failed. On a fresh
# machine this takes the chroots' 6–8 minutes off the run.
CHROOT_LOG_DIR ?= $(CURDIR)/.build/test-logs
.PHONY: chroots-early
chroots-early:
	@mkdir -p '$(CHROOT_LOG_DIR)'
	@command -v debootstrap >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q -o DPkg::Lock::Timeout=900 debootstrap; } >'$(CHROOT_LOG_DIR)/chroots-early.log' 2>&1
	@for suite in trixie forky; do \
		setsid ./scripts/debian-chroot.sh $$suite ensure >'$(CHROOT_LOG_DIR)/'"ensure-$$suite.log" 2>&1 </dev/null & \
	done; echo "the Debian 13 and testing chroots are being made in the background (logs: $(CHROOT_LOG_DIR)/ensure-*.log)"

# ---- today's desktops: Debian 13 --------------------------------------------------------------------------------
# The suites below run a second time inside a Debian 13 chroot (scripts/debian13-chroot.sh: GNOME Shell 48,
# KWin 6.3, sway 1.10, labwc 0.8), with the programs and the test bundle built here on Debian 12. `make test` runs
# them after the host's suites; `make test-debian13` builds first and runs only them. The chroot is made once
# (debootstrap + the desktop packages: about 2 min and 2 GB) in .cache/debian13, or APPLOCK_CHROOT, and reused.
# LabwcGuardTests runs only there (labwc is Debian 13's); WlrootsOnSwayTests is the wlroots backend on sway 1.10;
# LayerShellLockWindowTests runs only there too (gtk4-layer-shell is Debian 13's); SwayRealAppTests is firefox-esr
# and gnome-text-editor on that generation's sway. SwayHostAppTests and SwayEvinceTests (Debian 12's other real apps
# on sway) run in the host's run only: their packages are not in the chroots, and no filter here names them.
DEBIAN13_SUITES ?= SwayGuardTests KWinGuardTests GnomeGuardTests LabwcGuardTests WlrootsOnSwayTests LayerShellLockWindowTests \
	SwayRealAppTests
DEBIAN13_TIMEOUT ?= 900
# Suites of desktops Debian 12 does not have (labwc): the host's run leaves them out, the chroot's runs them.
DEBIAN13_ONLY_SUITES = LabwcGuardTests LayerShellLockWindowTests
.PHONY: test-debian13 test-debian13-run
test-debian13: deps-test protocols
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@$(MAKE) --no-print-directory test-debian13-run

test-debian13-run:
	./scripts/debian13-chroot.sh ensure
	@mkdir -p '$(dir $(DEBIAN13_TEST_LOG))'
	SWIFT_FLAGS='$(SWIFT_FLAGS)' timeout --kill-after=30 $(DEBIAN13_TIMEOUT) ./scripts/debian13-chroot.sh test $(DEBIAN13_SUITES) \
		2>&1 | tee '$(DEBIAN13_TEST_LOG)'; status=$${PIPESTATUS[0]}; $(call FAILURES_AGAIN,$(DEBIAN13_TEST_LOG)); exit $$status

# ---- the newest desktops: Debian testing (forky) ----------------------------------------------------------------
# The same suites a third time, in a Debian testing chroot (scripts/debian-chroot.sh forky: GNOME Shell 50,
# KWin 6.7, sway 1.12, labwc 0.20), beside the Debian 13 ones (test-chroots-run). Made once in .cache/forky, or APPLOCK_CHROOT_FORKY
# (about 2 min and 2.5 GB), and reused; `make test-forky` builds first and runs only them.
FORKY_SUITES ?= $(DEBIAN13_SUITES)
FORKY_TIMEOUT ?= $(DEBIAN13_TIMEOUT)
.PHONY: test-forky test-forky-run
test-forky: deps protocols
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@$(MAKE) --no-print-directory test-forky-run

test-forky-run:
	./scripts/debian-chroot.sh forky ensure
	@mkdir -p '$(dir $(FORKY_TEST_LOG))'
	SWIFT_FLAGS='$(SWIFT_FLAGS)' timeout --kill-after=30 $(FORKY_TIMEOUT) ./scripts/debian-chroot.sh forky test $(FORKY_SUITES) \
		2>&1 | tee '$(FORKY_TEST_LOG)'; status=$${PIPESTATUS[0]}; $(call FAILURES_AGAIN,$(FORKY_TEST_LOG)); exit $$status

clean:
	rm -rf .build .build-deb dist

# ---- install / uninstall ---------------------------------------------------
# `make install` builds the release products and installs the programs with the desktop integration files, shell
# completions and man pages. The six programs share one copy of the Swift runtime: the release build links it
# dynamically, with the toolchain's search path left out and $ORIGIN/../lib/applock put in its place (RUNPATH), and
# `make install` copies the runtime libraries they load (SWIFT_RUNTIME_LIBS, from the toolchain) into
# $(PREFIX)/lib/applock, a private folder no other program searches (docs/install.md has the sizes). The installed
# programs need nothing from the toolchain. DESTDIR stages the tree; PREFIX (default /usr/local) is where it will
# live; SYSCONFDIR (default /etc) holds xdg/autostart.
#   INSTALL_BIN=<dir>      install the programs already built in <dir> instead of building (the tests, debian/rules)
#   ENABLE_USER_UNITS=no   leave out the <target>.wants links that start each user unit with the session
#                          (debian/rules: dh_installsystemduser enables the units in /etc/systemd/user instead)
# The bash completion loses its #! line (it is sourced, not run).
# Every user unit (data/*.service), autostart entry (data/*.desktop), polkit action file (data/*.policy) and man
# page (man/*.[1-8]) is installed, so a new one needs no change here; the programs are listed in PROGRAMS. Desktop
# entries of applications (data/applications/*.desktop) go to share/applications, their icons (data/icons/) to
# share/icons.
PROGRAMS = applockd applock-store-helper applockctl applock-guard applock-lock-window applock-settings
USER_UNITS = $(notdir $(wildcard data/*.service))
AUTOSTART_ENTRIES = $(notdir $(wildcard data/*.desktop))
POLKIT_ACTIONS = $(notdir $(wildcard data/*.policy))
MAN_PAGES = $(notdir $(wildcard man/*.[1-8]))
INTERFACES = $(notdir $(wildcard dbus/*.xml))
RELEASE_FLAGS = -c release --disable-local-rpath -Xswiftc -no-toolchain-stdlib-rpath -Xlinker -rpath -Xlinker '$$ORIGIN/../lib/applock'
# What the release programs load from the toolchain (readelf -d: their NEEDED entries and those of these libraries);
# scripts/deb-test.sh fails when an installed program looks for a Swift library outside usr/lib/applock.
SWIFT_RUNTIME_LIBS = libswiftCore.so libswift_Concurrency.so libswift_Builtin_float.so libswiftGlibc.so \
	libswift_StringProcessing.so libswift_RegexParser.so libswiftSynchronization.so libswiftDispatch.so libdispatch.so \
	libBlocksRuntime.so libFoundationEssentials.so
SWIFT_RUNTIME_DIR ?= $(shell $(SWIFT) -print-target-info | sed -n '/"runtimeLibraryPaths"/{n;s/[ ",]//g;p;}')
ENABLE_USER_UNITS ?= yes

APPLICATIONS = $(notdir $(wildcard data/applications/*.desktop))
APP_ICONS = $(notdir $(wildcard data/icons/hicolor/scalable/apps/*.svg))
bindir = $(PREFIX)/bin
datadir = $(PREFIX)/share
mandir = $(datadir)/man
userunitdir = $(PREFIX)/lib/systemd/user
SYSCONFDIR ?= /etc
INST_BIN = $(DESTDIR)$(bindir)
INST_SWIFT_RUNTIME = $(DESTDIR)$(PREFIX)/lib/applock
INST_DBUS_SERVICES = $(DESTDIR)$(datadir)/dbus-1/services
INST_DBUS_INTERFACES = $(DESTDIR)$(datadir)/dbus-1/interfaces
INST_USER_UNITS = $(DESTDIR)$(userunitdir)
INST_AUTOSTART = $(DESTDIR)$(SYSCONFDIR)/xdg/autostart
# polkitd reads actions only from its own prefix (/usr/share/polkit-1/actions on Debian): with PREFIX=/usr/local,
# pass POLKIT_ACTIONDIR=/usr/share/polkit-1/actions for system authentication to work.
POLKIT_ACTIONDIR ?= $(datadir)/polkit-1/actions
INST_POLKIT_ACTIONS = $(DESTDIR)$(POLKIT_ACTIONDIR)
INST_CONF = $(DESTDIR)$(datadir)/applock
INST_BASH = $(DESTDIR)$(datadir)/bash-completion/completions
INST_ZSH = $(DESTDIR)$(datadir)/zsh/site-functions
INST_FISH = $(DESTDIR)$(datadir)/fish/vendor_completions.d
INST_MAN = $(DESTDIR)$(mandir)
# One GNOME Shell extension per generation of the Shell, each under its own uuid (data/gnome-shell/extensions/*):
# GNOME 45 and later load ES modules, 43 and 44 `imports` scripts. Each one's extension.js is its extension.js.in
# with the shared behaviour, data/gnome-shell/applock.js, in place of its `// @APPLOCK_BEHAVIOUR@` line.
GNOME_EXTENSIONS = $(notdir $(wildcard data/gnome-shell/extensions/*@*))
INST_GNOME_EXTENSIONS = $(DESTDIR)$(datadir)/gnome-shell/extensions
# The extension's settings (the shortcut that locks every app), compiled into each extension's schemas/ at install.
GNOME_SCHEMA = org.gnome.shell.extensions.applock.gschema.xml
GNOME_EXTENSION_JS = sed -e '/^\/\/ @APPLOCK_BEHAVIOUR@$$/{r data/gnome-shell/applock.js' -e 'd;}'
# The KWin script package the guard loads on KDE Plasma (data/kwin/applock, KPackage layout, as KWin 5.27 and 6 read
# it): installed where KWin keeps script packages, and where the guard looks for it (XDG_DATA_DIRS).
KWIN_SCRIPT_FILES = metadata.json contents/code/main.js contents/code/restore.js
INST_KWIN_SCRIPT = $(DESTDIR)$(datadir)/kwin/scripts/applock
INST_APPLICATIONS = $(DESTDIR)$(datadir)/applications
INST_LOCALE = $(DESTDIR)$(datadir)/locale
# Desktop entries get their translated Name, GenericName, Comment and Keywords from po/ (polkit actions get theirs
# with msgfmt --xml and polkit's own ITS rules, /usr/share/gettext/its/polkit.its from polkitd).
TRANSLATE_DESKTOP = msgfmt --desktop -d po
INST_ICONS = $(DESTDIR)$(datadir)/icons/hicolor/scalable/apps
INSTALL_BIN ?=
GENERATE_MANUAL ?=
APPLOCKCTL ?=
# The programs run at install time (the completions) find the runtime in the toolchain: it is not installed yet.
RUN_BUILT = env LD_LIBRARY_PATH='$(SWIFT_RUNTIME_DIR)'
SUBST = sed -e 's|@bindir@|$(bindir)|g' -e 's|@datadir@|$(datadir)|g' -e 's|@sysconfdir@|$(SYSCONFDIR)|g' \
	-e 's|@userunitdir@|$(userunitdir)|g'
# The targets a unit's [Install] section names in WantedBy=.
wanted_by = $(shell sed -n 's/^WantedBy=//p' data/$(1))

.PHONY: release-build
# The release build of what `make install` installs, without the apt step (debian/rules runs it; `make release`
# is deps + this).
release-build: protocols
	set -e; for p in $(PROGRAMS); do $(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product $$p; done

install: $(if $(INSTALL_BIN),,release)
	@set -euo pipefail; \
	bin='$(or $(INSTALL_BIN),$(shell $(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --show-bin-path))'; \
	install -d '$(INST_BIN)' '$(INST_DBUS_SERVICES)' '$(INST_DBUS_INTERFACES)' '$(INST_USER_UNITS)' '$(INST_AUTOSTART)' \
		'$(INST_CONF)' '$(INST_BASH)' '$(INST_ZSH)' '$(INST_FISH)' '$(INST_MAN)/man1'; \
	for p in $(PROGRAMS); do install -m 755 "$$bin/$$p" '$(INST_BIN)/'; done; \
	install -d '$(INST_SWIFT_RUNTIME)'; \
	for l in $(SWIFT_RUNTIME_LIBS); do install -m 644 '$(SWIFT_RUNTIME_DIR)/'"$$l" '$(INST_SWIFT_RUNTIME)/'; done; \
	install -d '$(INST_APPLICATIONS)' '$(INST_ICONS)'; \
	tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	for d in $(APPLICATIONS); do $(SUBST) "data/applications/$$d" > "$$tmp/$$d"; \
		$(TRANSLATE_DESKTOP) --template="$$tmp/$$d" -o '$(INST_APPLICATIONS)/'"$$d"; chmod 644 '$(INST_APPLICATIONS)/'"$$d"; done; \
	for i in $(APP_ICONS); do install -m 644 "data/icons/hicolor/scalable/apps/$$i" '$(INST_ICONS)/'; done; \
	$(SUBST) dbus/io.github.applock.AppLock1.service > '$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service'; \
	chmod 644 '$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service'; \
	for i in $(INTERFACES); do install -m 644 "dbus/$$i" '$(INST_DBUS_INTERFACES)/'; done; \
	$(foreach u,$(USER_UNITS),$(SUBST) data/$(u) > '$(INST_USER_UNITS)/$(u)'; chmod 644 '$(INST_USER_UNITS)/$(u)'; \
		$(if $(filter yes,$(ENABLE_USER_UNITS)),$(foreach t,$(call wanted_by,$(u)),\
			install -d '$(INST_USER_UNITS)/$(t).wants'; ln -sf ../$(u) '$(INST_USER_UNITS)/$(t).wants/$(u)';))) \
	for d in $(AUTOSTART_ENTRIES); do $(SUBST) "data/$$d" > "$$tmp/$$d"; \
		$(TRANSLATE_DESKTOP) --template="$$tmp/$$d" -o '$(INST_AUTOSTART)/'"$$d"; chmod 644 '$(INST_AUTOSTART)/'"$$d"; done; \
	$(if $(POLKIT_ACTIONS),install -d '$(INST_POLKIT_ACTIONS)'; \
		for a in $(POLKIT_ACTIONS); do $(SUBST) "data/$$a" > "$$tmp/$$a"; \
			msgfmt --xml -d po --template="$$tmp/$$a" -o '$(INST_POLKIT_ACTIONS)/'"$$a"; \
			chmod 644 '$(INST_POLKIT_ACTIONS)/'"$$a"; done;) \
	install -m 644 data/applock.conf '$(INST_CONF)/applock.conf'; \
	for l in $(LINGUAS); do install -d '$(INST_LOCALE)/'"$$l/LC_MESSAGES"; \
		msgfmt -c -o '$(INST_LOCALE)/'"$$l/LC_MESSAGES/applock.mo" "po/$$l.po"; chmod 644 '$(INST_LOCALE)/'"$$l/LC_MESSAGES/applock.mo"; done; \
	for e in $(GNOME_EXTENSIONS); do \
		install -d '$(INST_GNOME_EXTENSIONS)/'"$$e"; \
		install -m 644 "data/gnome-shell/extensions/$$e/metadata.json" '$(INST_GNOME_EXTENSIONS)/'"$$e/"; \
		$(GNOME_EXTENSION_JS) "data/gnome-shell/extensions/$$e/extension.js.in" > '$(INST_GNOME_EXTENSIONS)/'"$$e/extension.js"; \
		chmod 644 '$(INST_GNOME_EXTENSIONS)/'"$$e/extension.js"; \
		install -D -m 644 data/gnome-shell/schemas/$(GNOME_SCHEMA) '$(INST_GNOME_EXTENSIONS)/'"$$e/schemas/$(GNOME_SCHEMA)"; \
		glib-compile-schemas '$(INST_GNOME_EXTENSIONS)/'"$$e/schemas"; \
	done; \
	for f in $(KWIN_SCRIPT_FILES); do install -D -m 644 "data/kwin/applock/$$f" '$(INST_KWIN_SCRIPT)/'"$$f"; done; \
	$(RUN_BUILT) "$$bin/applockctl" --generate-completion-script bash | sed '1{/^#!/d}' > '$(INST_BASH)/applockctl'; \
	$(RUN_BUILT) "$$bin/applockctl" --generate-completion-script zsh > '$(INST_ZSH)/_applockctl'; \
	$(RUN_BUILT) "$$bin/applockctl" --generate-completion-script fish > '$(INST_FISH)/applockctl.fish'; \
	for m in $(MAN_PAGES); do \
		section="$${m##*.}"; install -d '$(INST_MAN)/man'"$$section"; \
		$(SUBST) "man/$$m" > '$(INST_MAN)/man'"$$section/$$m"; chmod 644 '$(INST_MAN)/man'"$$section/$$m"; \
	done; \
	$(MAKE) --no-print-directory man-locale; \
	for l in $(MAN_LINGUAS); do for m in $(MAN_TRANSLATED); do \
		section="$${m##*.}"; install -d '$(INST_MAN)/'"$$l/man$$section"; \
		$(SUBST) '$(MAN_BUILD)/'"$$l/$$m" > '$(INST_MAN)/'"$$l/man$$section/$$m"; chmod 644 '$(INST_MAN)/'"$$l/man$$section/$$m"; \
	done; done; \
	chmod 644 '$(INST_BASH)/applockctl' '$(INST_ZSH)/_applockctl' '$(INST_FISH)/applockctl.fish'; \
	echo "Installed AppLock under $(DESTDIR)$(PREFIX)"

# man/applockctl.1 is applockctl's --help as a manual page, made by swift-argument-parser's generate-manual (its empty
# lines made .Pp: a paragraph break in mdoc is .Pp, and groff warns about empty lines) and kept in the tree like the
# other pages, so that `man -l man/applockctl.1` works in a checkout. `make man` writes it afresh after a change to
# applockctl's commands or help; InstallTests fails while it is not current. MAN_OUT=<dir> writes it there instead;
# GENERATE_MANUAL=<tool> and APPLOCKCTL=<program> use those already built instead of building them.
MAN_OUT ?= man
.PHONY: man
man:
	@set -euo pipefail; gen='$(GENERATE_MANUAL)'; ctl='$(APPLOCKCTL)'; \
	if [ -z "$$gen" ]; then $(SWIFT) build $(SWIFT_FLAGS) --product generate-manual >/dev/null; \
		gen="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/generate-manual"; fi; \
	if [ -z "$$ctl" ]; then $(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --product applockctl >/dev/null; \
		ctl="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/applockctl"; fi; \
	"$$gen" "$$ctl" --section 1 -o - | sed 's/^$$/.Pp/' > '$(MAN_OUT)/applockctl.1.new'; \
	mv '$(MAN_OUT)/applockctl.1.new' '$(MAN_OUT)/applockctl.1'

uninstall:
	rm -f $(foreach p,$(PROGRAMS),'$(INST_BIN)/$(p)') $(foreach l,$(SWIFT_RUNTIME_LIBS),'$(INST_SWIFT_RUNTIME)/$(l)') \
		$(foreach d,$(APPLICATIONS),'$(INST_APPLICATIONS)/$(d)') $(foreach i,$(APP_ICONS),'$(INST_ICONS)/$(i)') \
		'$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service' \
		$(foreach i,$(INTERFACES),'$(INST_DBUS_INTERFACES)/$(i)') \
		$(foreach u,$(USER_UNITS),'$(INST_USER_UNITS)/$(u)' $(foreach t,$(call wanted_by,$(u)),'$(INST_USER_UNITS)/$(t).wants/$(u)')) \
		$(foreach d,$(AUTOSTART_ENTRIES),'$(INST_AUTOSTART)/$(d)') \
		$(foreach a,$(POLKIT_ACTIONS),'$(INST_POLKIT_ACTIONS)/$(a)') \
		$(foreach l,$(LINGUAS),'$(INST_LOCALE)/$(l)/LC_MESSAGES/applock.mo') \
		'$(INST_CONF)/applock.conf' '$(INST_BASH)/applockctl' '$(INST_ZSH)/_applockctl' '$(INST_FISH)/applockctl.fish' \
		$(foreach m,$(MAN_PAGES),'$(INST_MAN)/man$(subst .,,$(suffix $(m)))/$(m)') \
		$(foreach l,$(MAN_LINGUAS),$(foreach m,$(MAN_TRANSLATED),'$(INST_MAN)/$(l)/man$(subst .,,$(suffix $(m)))/$(m)')) \
		$(foreach e,$(GNOME_EXTENSIONS),'$(INST_GNOME_EXTENSIONS)/$(e)/metadata.json' '$(INST_GNOME_EXTENSIONS)/$(e)/extension.js' \
			'$(INST_GNOME_EXTENSIONS)/$(e)/schemas/$(GNOME_SCHEMA)' '$(INST_GNOME_EXTENSIONS)/$(e)/schemas/gschemas.compiled') \
		$(foreach f,$(KWIN_SCRIPT_FILES),'$(INST_KWIN_SCRIPT)/$(f)')
	-rmdir '$(INST_CONF)' '$(INST_SWIFT_RUNTIME)' '$(INST_KWIN_SCRIPT)/contents/code' '$(INST_KWIN_SCRIPT)/contents' '$(INST_KWIN_SCRIPT)' $(foreach e,$(GNOME_EXTENSIONS),'$(INST_GNOME_EXTENSIONS)/$(e)/schemas' '$(INST_GNOME_EXTENSIONS)/$(e)') $(sort $(foreach u,$(USER_UNITS),$(foreach t,$(call wanted_by,$(u)),'$(INST_USER_UNITS)/$(t).wants'))) \
		2>/dev/null

# ---- benchmarks ------------------------------------------------------------------------------------------
# `make bench` builds applockd and applock-bench in release mode and prints the table (ARGS=--json for JSON,
# ARGS='--only lock --apps 1,1000' for a part). `make bench-smoke` is the tiny run `make test` also makes
# (Tests/BenchSmokeTests); it proves the bench works and measures nothing worth reading. `make bench-debian13` runs
# the same release bench inside the Debian 13 chroot for the sections in BENCH_DEBIAN13_SECTIONS, whose rows name
# the desktop version they measured (KWin 6.3 beside the host's 5.27, GNOME 48 beside 43).
BENCH_DEBIAN13_SECTIONS ?= kwin,kwin-reach,sway-reach,gnome,gnome-reach,labwc,labwc-reach
.PHONY: bench bench-smoke bench-debian13
bench: deps-test protocols
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applockd
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-store-helper
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-guard
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-lock-window
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-settings
	"$$($(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path)/applock-bench" $(ARGS)

bench-debian13: deps-test protocols
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applockd
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-store-helper
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-guard
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-lock-window
	./scripts/debian13-chroot.sh ensure
	./scripts/debian13-chroot.sh run "$$($(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path)/applock-bench" \
		--only $(BENCH_DEBIAN13_SECTIONS) $(ARGS)

bench-smoke: deps-test protocols
	$(SWIFT) build $(SWIFT_FLAGS) --product applockd
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-store-helper
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-guard
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-bench
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-lock-window
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-settings
	"$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/applock-bench" --tiny

# ---- hostile conditions ----------------------------------------------------
# The HostileTests suite (fuzzing, faults, restarts, load) appends its figures to HOSTILE_SUMMARY; `make test` and
# `make soak` print one line per area at the end. `make soak` runs that suite at full size (APPLOCK_SOAK=1):
# 200,000 fuzzed messages, 60 SIGKILL restarts, 200 clients x 1,000 calls, 10,000 registered apps.
HOSTILE_SUMMARY ?= $(CURDIR)/.build/hostile-summary.txt
SOAK_TIMEOUT ?= 3600
HOSTILE_REPORT = [ -s '$(HOSTILE_SUMMARY)' ] && awk -F'\t' '$$1 == "hostile" { n[$$2] += $$3; m[$$2] += $$4; l[$$2] += $$5; w[$$2] += $$6 } \
	END { \
	  if ("fuzz" in n) printf "hostile fuzz:     %d messages fuzzed, %d lost, %d wrongly unlocked\n", n["fuzz"], l["fuzz"], w["fuzz"]; \
	  if ("faults" in n) printf "hostile faults:   %d faults injected, %d lost, %d wrongly unlocked\n", n["faults"], l["faults"], w["faults"]; \
	  if ("restarts" in n) printf "hostile restarts: %d restarts survived, %d lost, %d wrongly unlocked\n", n["restarts"], l["restarts"], w["restarts"]; \
	  if ("load" in n) printf "hostile load:     %d clients, %d calls under load, %d lost, %d wrongly unlocked\n", n["load"], m["load"], l["load"], w["load"]; \
	}' '$(HOSTILE_SUMMARY)' || true

.PHONY: soak
soak: deps-test protocols
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@mkdir -p '$(dir $(HOSTILE_SUMMARY))'; rm -f '$(HOSTILE_SUMMARY)'
	@APPLOCK_SOAK=1 HOSTILE_SUMMARY='$(HOSTILE_SUMMARY)' timeout --kill-after=30 $(SOAK_TIMEOUT) \
		$(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter HostileTests; status=$$?; $(HOSTILE_REPORT); exit $$status

# ---- Debian package ----------------------------------------------------------------------------------------
# `make deb` builds the applock package (and its source package) with dpkg-buildpackage from a copy of the
# checkout's files (what `git ls-files` lists, plus new files not ignored), so nothing built or ignored here reaches
# it, plus the wlr protocol XML files (debian/wlr-protocols, so that the package builds offline); the Swift build
# is kept in .build-deb between runs. Output in dist/: the .deb, the .dsc/.tar.xz, .changes,
# .buildinfo and lintian.txt. lintian must report no error and no warning that debian/*lintian-overrides does not
# explain. `make deb-test` installs the package with apt-get, tests it installed, removes and purges it
# (scripts/deb-test.sh; as root, or through sudo), on this machine and then in the Debian 13 and testing chroots.
DIST = $(CURDIR)/dist
DEB_SOURCE = $(DIST)/src/applock
.PHONY: deb deb-test
deb:
	@./scripts/install-deps.sh --deb
	rm -rf '$(DIST)'
	mkdir -p '$(DEB_SOURCE)'
	git ls-files -z --cached --others --exclude-standard | \
		while IFS= read -r -d '' f; do [ -e "$$f" ] && printf '%s\0' "$$f"; done | \
		xargs -0 cp -p --parents -t '$(DEB_SOURCE)'
	./scripts/wlr-protocols.sh
	mkdir -p '$(DEB_SOURCE)/debian/wlr-protocols'
	cp .build/wlr-protocols/*.xml '$(DEB_SOURCE)/debian/wlr-protocols/'
	cd '$(DEB_SOURCE)' && APPLOCK_SCRATCH='$(CURDIR)/.build-deb' dpkg-buildpackage -us -uc
	mv '$(DIST)'/src/applock[_-]* '$(DIST)/'
	rm -rf '$(DIST)/src'
	set -o pipefail; lintian --fail-on error,warning --display-info --show-overrides '$(DIST)'/applock_*.changes | tee '$(DIST)/lintian.txt'
	@ls -l '$(DIST)'

deb-test: deb
	@./scripts/install-deps.sh --test
	./scripts/deb-test.sh '$(DIST)'
	@$(MAKE) --no-print-directory deb-test-debian13-run
	@$(MAKE) --no-print-directory deb-test-forky-run

# The same test on Debian 13 (GNOME 48, Plasma 6): the package built here, on Debian 12, is installed with apt-get
# into the Debian 13 chroot (scripts/debian13-chroot.sh, made or reused) and tested there with the tests built here;
# the chroot ends as it began. `make deb-test` runs it after the host's; `make deb-test-debian13` runs only it.
.PHONY: deb-test-debian13 deb-test-debian13-run
deb-test-debian13: deb
	@$(MAKE) --no-print-directory deb-test-debian13-run

deb-test-debian13-run:
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	./scripts/debian13-chroot.sh ensure
	APPLOCK_TEST_BUNDLE="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/applockPackageTests.xctest" \
		./scripts/debian13-chroot.sh run '$(CURDIR)/scripts/deb-test.sh' '$(DIST)'

# The same in the Debian testing chroot (scripts/debian-chroot.sh forky), where libsodium is libsodium26: the
# package links it statically, so it installs there as on Debian 12 and 13.
.PHONY: deb-test-forky deb-test-forky-run
deb-test-forky: deb
	@$(MAKE) --no-print-directory deb-test-forky-run

deb-test-forky-run:
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	./scripts/debian-chroot.sh forky ensure
	APPLOCK_TEST_BUNDLE="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/applockPackageTests.xctest" \
		./scripts/debian-chroot.sh forky run '$(CURDIR)/scripts/deb-test.sh' '$(DIST)'
