# AppLock — `make run` runs the agent, `make test` runs every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_FLAGS ?=
BIN = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)

.PHONY: all deps build release run test install uninstall clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release

run: build
	APPLOCK_GUARD="$(BIN)/applock-guard" ./scripts/run-agent.sh "$(BIN)/applockd" $(ARGS)

# A hung test must fail the run, not eat CI's whole budget.
TEST_TIMEOUT ?= 1500
# The test build (what CI runs) treats every compiler warning as an error.
WERROR = -Xswiftc -warnings-as-errors

test: deps
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@mkdir -p '$(dir $(HOSTILE_SUMMARY))'; rm -f '$(HOSTILE_SUMMARY)'
	@HOSTILE_SUMMARY='$(HOSTILE_SUMMARY)' timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test $(SWIFT_FLAGS) --skip-build; \
		status=$$?; $(HOSTILE_REPORT); exit $$status

clean:
	rm -rf .build

# ---- install / uninstall ---------------------------------------------------
# `make install` builds applockd (with applock-store-helper, which it runs for Secret Service calls), applockctl, applock-guard, the applock-lock-window it starts and AppLock Settings (applock-settings, with its desktop file and icon) in release mode and installs them with the desktop integration
# files, shell completions and the man page. DESTDIR stages the tree; PREFIX (default /usr/local) is where it
# will live; SYSCONFDIR (default /etc) holds xdg/autostart. INSTALL_BIN=<dir> installs binaries already built in <dir> instead of building (used by the tests).
bindir = $(PREFIX)/bin
datadir = $(PREFIX)/share
mandir = $(datadir)/man
INST_BIN = $(DESTDIR)$(bindir)
INST_DBUS_SERVICES = $(DESTDIR)$(datadir)/dbus-1/services
INST_DBUS_INTERFACES = $(DESTDIR)$(datadir)/dbus-1/interfaces
INST_USER_UNITS = $(DESTDIR)$(PREFIX)/lib/systemd/user
SYSCONFDIR ?= /etc
INST_AUTOSTART = $(DESTDIR)$(SYSCONFDIR)/xdg/autostart
INST_CONF = $(DESTDIR)$(datadir)/applock
INST_BASH = $(DESTDIR)$(datadir)/bash-completion/completions
INST_ZSH = $(DESTDIR)$(datadir)/zsh/site-functions
INST_FISH = $(DESTDIR)$(datadir)/fish/vendor_completions.d
INST_MAN1 = $(DESTDIR)$(mandir)/man1
# polkitd reads actions only from its own prefix (/usr/share/polkit-1/actions on Debian): with PREFIX=/usr/local,
# pass POLKIT_ACTIONDIR=/usr/share/polkit-1/actions for system authentication to work.
POLKIT_ACTIONDIR ?= $(datadir)/polkit-1/actions
INST_POLKIT = $(DESTDIR)$(POLKIT_ACTIONDIR)
INST_APPLICATIONS = $(DESTDIR)$(datadir)/applications
INST_ICONS = $(DESTDIR)$(datadir)/icons/hicolor/scalable/apps
INSTALL_BIN ?=
# swift-argument-parser's generate-manual tool; built when not given.
GENERATE_MANUAL ?=
SUBST = sed -e 's|@bindir@|$(bindir)|g'
INTERFACES = io.github.applock.AppLock1.Manager.xml io.github.applock.AppLock1.Application.xml

install: $(if $(INSTALL_BIN),,release)
	@set -euo pipefail; \
	bin='$(or $(INSTALL_BIN),$(shell $(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path))'; \
	gen='$(GENERATE_MANUAL)'; \
	if [ -z "$$gen" ]; then \
		$(SWIFT) build $(SWIFT_FLAGS) --product generate-manual >/dev/null; \
		gen="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/generate-manual"; \
	fi; \
	install -d '$(INST_BIN)' '$(INST_DBUS_SERVICES)' '$(INST_DBUS_INTERFACES)' '$(INST_USER_UNITS)' \
		'$(INST_USER_UNITS)/graphical-session.target.wants' '$(INST_AUTOSTART)' '$(INST_CONF)' \
		'$(INST_BASH)' '$(INST_ZSH)' '$(INST_FISH)' '$(INST_MAN1)' '$(INST_POLKIT)' '$(INST_APPLICATIONS)' '$(INST_ICONS)'; \
	install -m 755 "$$bin/applockd" "$$bin/applock-store-helper" "$$bin/applockctl" "$$bin/applock-guard" \
		"$$bin/applock-lock-window" "$$bin/applock-settings" '$(INST_BIN)/'; \
	$(SUBST) data/io.github.applock.Settings.desktop > '$(INST_APPLICATIONS)/io.github.applock.Settings.desktop'; \
	chmod 644 '$(INST_APPLICATIONS)/io.github.applock.Settings.desktop'; \
	install -m 644 data/icons/hicolor/scalable/apps/io.github.applock.Settings.svg '$(INST_ICONS)/'; \
	$(SUBST) dbus/io.github.applock.AppLock1.service > '$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service'; \
	for i in $(INTERFACES); do install -m 644 "dbus/$$i" '$(INST_DBUS_INTERFACES)/'; done; \
	$(SUBST) data/applockd.service > '$(INST_USER_UNITS)/applockd.service'; \
	ln -sf ../applockd.service '$(INST_USER_UNITS)/graphical-session.target.wants/applockd.service'; \
	$(SUBST) data/applockd.desktop > '$(INST_AUTOSTART)/applockd.desktop'; \
	$(SUBST) data/applock-guard.service > '$(INST_USER_UNITS)/applock-guard.service'; \
	ln -sf ../applock-guard.service '$(INST_USER_UNITS)/graphical-session.target.wants/applock-guard.service'; \
	$(SUBST) data/applock-guard.desktop > '$(INST_AUTOSTART)/applock-guard.desktop'; \
	chmod 644 '$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service' '$(INST_USER_UNITS)/applockd.service' \
		'$(INST_AUTOSTART)/applockd.desktop' '$(INST_USER_UNITS)/applock-guard.service' '$(INST_AUTOSTART)/applock-guard.desktop'; \
	install -m 644 data/applock.conf '$(INST_CONF)/applock.conf'; \
	install -m 644 data/io.github.applock.policy '$(INST_POLKIT)/io.github.applock.policy'; \
	"$$bin/applockctl" --generate-completion-script bash > '$(INST_BASH)/applockctl'; \
	"$$bin/applockctl" --generate-completion-script zsh > '$(INST_ZSH)/_applockctl'; \
	"$$bin/applockctl" --generate-completion-script fish > '$(INST_FISH)/applockctl.fish'; \
	"$$gen" "$$bin/applockctl" --section 1 -o '$(INST_MAN1)'; \
	chmod 644 '$(INST_BASH)/applockctl' '$(INST_ZSH)/_applockctl' '$(INST_FISH)/applockctl.fish' '$(INST_MAN1)/applockctl.1'; \
	echo "Installed AppLock under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f '$(INST_BIN)/applockd' '$(INST_BIN)/applock-store-helper' '$(INST_BIN)/applockctl' '$(INST_BIN)/applock-guard' \
		'$(INST_BIN)/applock-lock-window' '$(INST_BIN)/applock-settings' \
		'$(INST_APPLICATIONS)/io.github.applock.Settings.desktop' '$(INST_ICONS)/io.github.applock.Settings.svg' \
		'$(INST_USER_UNITS)/graphical-session.target.wants/applock-guard.service' '$(INST_USER_UNITS)/applock-guard.service' \
		'$(INST_AUTOSTART)/applock-guard.desktop' \
		'$(INST_DBUS_SERVICES)/io.github.applock.AppLock1.service' \
		$(addprefix '$(INST_DBUS_INTERFACES)/,$(addsuffix ',$(INTERFACES))) \
		'$(INST_USER_UNITS)/graphical-session.target.wants/applockd.service' '$(INST_USER_UNITS)/applockd.service' \
		'$(INST_AUTOSTART)/applockd.desktop' '$(INST_CONF)/applock.conf' '$(INST_POLKIT)/io.github.applock.policy' \
		'$(INST_BASH)/applockctl' '$(INST_ZSH)/_applockctl' '$(INST_FISH)/applockctl.fish' '$(INST_MAN1)/applockctl.1'
	-rmdir '$(INST_CONF)' '$(INST_USER_UNITS)/graphical-session.target.wants' 2>/dev/null

# ---- benchmarks ------------------------------------------------------------------------------------------
# `make bench` builds applockd and applock-bench in release mode and prints the table (ARGS=--json for JSON,
# ARGS='--only lock --apps 1,1000' for a part). `make bench-smoke` is the tiny run `make test` also makes
# (Tests/BenchSmokeTests); it proves the bench works and measures nothing worth reading.
.PHONY: bench bench-smoke
bench: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applockd
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-store-helper
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-guard
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product applock-lock-window
	"$$($(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path)/applock-bench" $(ARGS)

bench-smoke: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product applockd
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-store-helper
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-guard
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-bench
	$(SWIFT) build $(SWIFT_FLAGS) --product applock-lock-window
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
soak: deps
	$(SWIFT) build $(SWIFT_FLAGS) $(WERROR) --build-tests
	@mkdir -p '$(dir $(HOSTILE_SUMMARY))'; rm -f '$(HOSTILE_SUMMARY)'
	@APPLOCK_SOAK=1 HOSTILE_SUMMARY='$(HOSTILE_SUMMARY)' timeout --kill-after=30 $(SOAK_TIMEOUT) \
		$(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter HostileTests; status=$$?; $(HOSTILE_REPORT); exit $$status
