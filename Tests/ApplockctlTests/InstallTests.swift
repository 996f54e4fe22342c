import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// `make install` / `make uninstall`, the installed desktop files, and D-Bus activation through them.
@Suite struct InstallTests {
    /// Runs make on the package's Makefile with the binaries of this build.
    private func make(_ env: TestEnvironment, _ arguments: [String]) -> CommandResult {
        env.run(["make", "-C", BuiltProducts.packageRoot.path, "INSTALL_BIN=\(BuiltProducts.binDirectory.path)"] + arguments,
                timeout: .seconds(600))
    }

    /// `man/applockctl.1` as `make man` writes it from this build's applockctl. `swift test` holds the lock of its
    /// scratch path, so the man page tool is used from there when built, else built in a scratch path of its own.
    private func freshManual(_ env: TestEnvironment) throws -> String {
        let tool = BuiltProducts.binDirectory.appendingPathComponent("generate-manual").path
        let manual = FileManager.default.isExecutableFile(atPath: tool)
            ? "GENERATE_MANUAL=\(tool)"
            : "SWIFT_FLAGS=--scratch-path \(BuiltProducts.scratchPath)-manual-tool"
        let made = env.run(["make", "-C", BuiltProducts.packageRoot.path, "man", "MAN_OUT=\(env.root.path)", manual,
                            "APPLOCKCTL=\(BuiltProducts.binDirectory.appendingPathComponent("applockctl").path)"],
                           timeout: .seconds(600))
        try #require(made.status == 0, "make man failed:\n\(made.stdout)\n\(made.stderr)")
        return try String(contentsOf: env.root.appendingPathComponent("applockctl.1"), encoding: .utf8)
    }

    /// Every regular file and symlink below `root`, relative to it.
    private func files(below root: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var found: Set<String> = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = root.appendingPathComponent(path).path
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
            if isLink || (FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && !isDirectory.boolValue) {
                found.insert(path)
            }
        }
        return found
    }

    /// The page in the tree (installed, and read with `man -l man/applockctl.1`) says what applockctl's help says,
    /// but for its date (`.Dd`, the day it was made).
    @Test func theManualPageInTheTreeIsCurrent() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let undated = { (page: String) in page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") } }
        let inTree = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("man/applockctl.1"), encoding: .utf8)
        #expect(undated(inTree) == undated(try freshManual(env)),
                "man/applockctl.1 is not what applockctl's help says: run `make man` and commit it")
    }

    @Test func installLaysOutTheTreeAndUninstallRemovesIt() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let destdir = env.root.appendingPathComponent("stage")
        let install = make(env, ["install", "DESTDIR=\(destdir.path)", "PREFIX=/usr"])
        try #require(install.status == 0, "make install failed:\n\(install.stdout)\n\(install.stderr)")
        let promised = try PromisedFiles.ofThisPackage()
        #expect(!promised.all.isEmpty, "docs/install.md lists no installed files")
        #expect(files(below: destdir) == Set(promised.all))

        let service = try String(contentsOf: destdir.appendingPathComponent(
            "usr/share/dbus-1/services/io.github.applock.AppLock1.service"), encoding: .utf8)
        #expect(service.contains("Exec=/usr/bin/applockd"))
        #expect(service.contains("SystemdService=applockd.service"))
        let unit = try String(contentsOf: destdir.appendingPathComponent("usr/lib/systemd/user/applockd.service"),
                              encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/applockd"))
        #expect(unit.contains("Type=dbus") && unit.contains("BusName=io.github.applock.AppLock1"))
        let desktop = try String(contentsOf: destdir.appendingPathComponent("etc/xdg/autostart/applockd.desktop"),
                                 encoding: .utf8)
        #expect(desktop.contains("Exec=/usr/bin/applockd") && desktop.contains("X-systemd-skip=true"))
        let man = try String(contentsOf: destdir.appendingPathComponent("usr/share/man/man1/applockctl.1"),
                             encoding: .utf8)
        #expect(man.contains("EXIT STATUS") && man.contains("set-passcode"))
        let germanMan = try String(contentsOf: destdir.appendingPathComponent("usr/share/man/de/man8/applockd.8"), encoding: .utf8)
        #expect(germanMan.contains("BESCHREIBUNG") && germanMan.contains("Der Dienst ist nicht dafür gedacht, von Hand gestartet zu werden."),
                "the German man page, translated by po4a")
        for file in promised.all {
            let text = try String(contentsOf: destdir.appendingPathComponent(file), encoding: .isoLatin1)
            #expect(!["@bindir@", "@datadir@", "@sysconfdir@", "@userunitdir@"].contains { text.contains($0) }, "\(file)")
        }

        // make install assembles each GNOME Shell extension as the tests' GNOME sessions do.
        let assembled = try GnomeShellSession.assembleExtensions(into: env.root.appendingPathComponent("assembled"))
        for uuid in GnomeShellExtensions.appLockUUIDs {
            for file in ["metadata.json", "extension.js"] {
                let installed = try Data(contentsOf: destdir.appendingPathComponent("usr/share/gnome-shell/extensions/\(uuid)/\(file)"))
                #expect(installed == (try Data(contentsOf: assembled.appendingPathComponent("\(uuid)/\(file)"))), "\(uuid)/\(file)")
            }
        }

        let validate = env.run(["desktop-file-validate", destdir.appendingPathComponent("etc/xdg/autostart/applockd.desktop").path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let guardDesktop = destdir.appendingPathComponent("etc/xdg/autostart/applock-guard.desktop").path
        let validateGuard = env.run(["desktop-file-validate", guardDesktop])
        #expect(validateGuard.status == 0, "\(validateGuard.stdout)\(validateGuard.stderr)")
        let guardUnit = try String(contentsOf: destdir.appendingPathComponent("usr/lib/systemd/user/applock-guard.service"),
                                   encoding: .utf8)
        #expect(guardUnit.contains("ExecStart=/usr/bin/applock-guard") && guardUnit.contains("Restart=on-failure"))
        let settings = destdir.appendingPathComponent("usr/share/applications/io.github.applock.Settings.desktop")
        let validateSettings = env.run(["desktop-file-validate", settings.path])
        #expect(validateSettings.status == 0, "\(validateSettings.stdout)\(validateSettings.stderr)")
        let settingsEntry = try String(contentsOf: settings, encoding: .utf8)
        #expect(settingsEntry.contains("Exec=/usr/bin/applock-settings") && settingsEntry.contains("Icon=io.github.applock.Settings"))
        #expect(guardUnit.contains("PartOf=graphical-session.target") && guardUnit.contains("After=graphical-session.target applockd.service"))
        let lockWindow = destdir.appendingPathComponent("usr/share/applications/applock-lock-window.desktop")
        let validateLockWindow = env.run(["desktop-file-validate", lockWindow.path])
        #expect(validateLockWindow.status == 0 && validateLockWindow.stdout.isEmpty,
                "\(validateLockWindow.stdout)\(validateLockWindow.stderr)")
        let lockWindowEntry = try String(contentsOf: lockWindow, encoding: .utf8)
        for line in ["Name=AppLock", "NoDisplay=true", "Icon=io.github.applock.Settings",
                     "Exec=/usr/bin/applock-lock-window", "StartupWMClass=applock-lock-window"] {
            #expect(lockWindowEntry.contains(line + "\n"), "\(line) missing from \(lockWindowEntry)")
        }

        // The desktop entries and the polkit actions carry their translations; the catalogues are in share/locale.
        #expect(settingsEntry.contains("Name[de]=AppLock-Einstellungen\n"), "\(settingsEntry)")
        #expect(settingsEntry.contains("Comment[fr]=Choisir les applications à protéger"), "\(settingsEntry)")
        let policy = try String(contentsOf: destdir.appendingPathComponent("usr/share/polkit-1/actions/io.github.applock.policy"),
                                encoding: .utf8)
        #expect(policy.contains("<message xml:lang=\"de\">Zum Entsperren einer von AppLock gesperrten Anwendung ist eine Anmeldung erforderlich</message>"))
        #expect(policy.contains("<description xml:lang=\"ja\">"))
        #expect(settingsEntry.contains("Name[he]=הגדרות AppLock\n"), "\(settingsEntry)")
        #expect(policy.contains("<message xml:lang=\"he\">נדרש אימות כדי לשחרר יישום שננעל על ידי AppLock</message>"))
        for language in ["de", "es", "fr", "he", "it", "ja", "pl", "pt_BR", "ru", "zh_CN"] {
            #expect(promised.all.contains("usr/share/locale/\(language)/LC_MESSAGES/applock.mo"), "\(language)")
        }

        let uninstall = make(env, ["uninstall", "DESTDIR=\(destdir.path)", "PREFIX=/usr"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(files(below: destdir).isEmpty)
    }

    /// `AdministratorPolicyPath` compiled as SwiftPM compiles it for `-c release` (optimised, no `DEBUG`) and for
    /// debug (`-D DEBUG`), each with `APPLOCK_ADMIN_POLICY=/dev/null`: only the debug build follows the variable. A
    /// few seconds of `swiftc`, where a release build of the agent takes minutes; the release agent itself is checked
    /// by `installedUnitVerifiesAndTheBusActivatesTheAgent` under `make deb-test`.
    @Test func theReleaseConfigurationIgnoresAPPLOCK_ADMIN_POLICY() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let source = BuiltProducts.packageRoot.appendingPathComponent("Sources/AppLockCore/AdministratorPolicyPath.swift")
        let driver = env.root.appendingPathComponent("main.swift")
        try """
            import Glibc
            print(AdministratorPolicyPath.resolve(getenv(AdministratorPolicyPath.environmentVariable).map { String(cString: $0) }))
            """.write(to: driver, atomically: true, encoding: .utf8)
        for (flags, expected) in [(["-O"], "/etc/applock/policy.conf"), (["-Onone", "-D", "DEBUG"], "/dev/null")] {
            let program = env.root.appendingPathComponent("resolve\(flags.count)").path
            let compile = env.run(["swiftc"] + flags + ["-o", program, driver.path, source.path], timeout: .seconds(300))
            try #require(compile.status == 0, "swiftc \(flags): \(compile.stdout)\(compile.stderr)")
            let resolved = env.run([program], extraEnvironment: ["APPLOCK_ADMIN_POLICY": "/dev/null"])
            #expect(resolved.stdout == expected + "\n", "swiftc \(flags): \(resolved.stdout)\(resolved.stderr)")
        }
    }

    /// `PolkitBusAddress` compiled as SwiftPM compiles it for `-c release` and for debug, each with
    /// `DBUS_SYSTEM_BUS_ADDRESS` naming another bus: only the debug build asks polkit there; the release build asks
    /// on the standard socket. The installed release agent says the same in `--version` under `make deb-test`.
    @Test func theReleaseConfigurationAsksPolkitOnTheStandardSystemBus() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let sources = ["AdministratorPolicyPath.swift", "PolkitBusAddress.swift"].map {
            BuiltProducts.packageRoot.appendingPathComponent("Sources/AppLockCore/\($0)").path
        }
        let driver = env.root.appendingPathComponent("main.swift")
        try """
            import Glibc
            print(PolkitBusAddress.resolve(getenv(PolkitBusAddress.environmentVariable).map { String(cString: $0) }))
            """.write(to: driver, atomically: true, encoding: .utf8)
        let fake = "unix:path=\(env.root.path)/fake-system-bus"
        for (flags, expected) in [(["-O"], "unix:path=/run/dbus/system_bus_socket"), (["-Onone", "-D", "DEBUG"], fake)] {
            let program = env.root.appendingPathComponent("resolve\(flags.count)").path
            let compile = env.run(["swiftc"] + flags + ["-o", program, driver.path] + sources, timeout: .seconds(300))
            try #require(compile.status == 0, "swiftc \(flags): \(compile.stdout)\(compile.stderr)")
            let resolved = env.run([program], extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": fake])
            #expect(resolved.stdout == expected + "\n", "swiftc \(flags): \(resolved.stdout)\(resolved.stderr)")
        }
    }

    /// The installed files at work: those of a fresh `make install` under /tmp, or, with
    /// `APPLOCK_INSTALLED_PREFIX=/usr` (set by `make deb-test`), those of the Debian package installed on this
    /// machine (`/usr`, `/etc`).
    @Test func installedUnitVerifiesAndTheBusActivatesTheAgent() throws {
        let installedPrefix = ProcessInfo.processInfo.environment["APPLOCK_INSTALLED_PREFIX"].flatMap { $0.isEmpty ? nil : $0 }
        let prefixRoot = URL(fileURLWithPath: "/tmp").appendingPathComponent("applockctl-prefix-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: prefixRoot) }
        let prefix = installedPrefix.map { URL(fileURLWithPath: $0) } ?? prefixRoot.appendingPathComponent("usr")
        let sysconf = installedPrefix == nil ? prefixRoot.appendingPathComponent("etc") : URL(fileURLWithPath: "/etc")
        let servicesDirectory = prefix.appendingPathComponent("share/dbus-1/services").path

        // The bus DBUS_SYSTEM_BUS_ADDRESS names (the activated agent has it from the session bus) has a "polkit" that
        // says yes to everything, as a user could set up with `systemctl --user set-environment`.
        let env = try TestEnvironment(systemBus: true, serviceDirectories: [servicesDirectory])
        defer { env.cleanup() }
        try env.startPolkit()
        try env.setPolkitAllowed(["io.github.applock.unlock", "io.github.applock.reset-passcode",
                                  "io.github.applock.change-protection"])
        if installedPrefix == nil {
            let install = make(env, ["install", "PREFIX=\(prefix.path)", "SYSCONFDIR=\(sysconf.path)"])
            try #require(install.status == 0, "make install failed:\n\(install.stdout)\n\(install.stderr)")
        }

        // The unit's ExecStart names the installed binary, which exists here, so verify can check everything.
        let unit = prefix.appendingPathComponent("lib/systemd/user/applockd.service").path
        let guardUnit = prefix.appendingPathComponent("lib/systemd/user/applock-guard.service").path
        let verify = env.run(["systemd-analyze", "verify", unit, guardUnit],
                             extraEnvironment: ["MANPATH": prefix.appendingPathComponent("share/man").path])
        #expect(verify.status == 0, "systemd-analyze verify: \(verify.stdout)\(verify.stderr)")
        let validate = env.run(["desktop-file-validate", sysconf.appendingPathComponent("xdg/autostart/applockd.desktop").path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        // The Debian package's agent is a release build: a user's APPLOCK_ADMIN_POLICY (set to /dev/null in
        // environment.d, say) does not move the administrator's policy away from /etc/applock/policy.conf. A fresh
        // `make install` here installs the debug programs the tests run (INSTALL_BIN), which say that they follow it.
        let applockd = prefix.appendingPathComponent("bin/applockd").path
        // Nor does a DBUS_SYSTEM_BUS_ADDRESS of the user's move polkit to a bus of theirs.
        let fakeBus = "unix:path=/tmp/applock-fake-system-bus"
        let version = env.run([applockd, "--version"],
                              extraEnvironment: ["APPLOCK_ADMIN_POLICY": "/dev/null", "DBUS_SYSTEM_BUS_ADDRESS": fakeBus])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(Array(version.stdout.split(separator: "\n").suffix(2)) == (installedPrefix == nil
            ? ["administrator policy: /dev/null (test build: APPLOCK_ADMIN_POLICY honoured)",
               "polkit asked on: \(fakeBus) (test build: DBUS_SYSTEM_BUS_ADDRESS honoured)"]
            : ["administrator policy: /etc/applock/policy.conf",
               "polkit asked on: unix:path=/run/dbus/system_bus_socket"]), "\(version.stdout)")

        // Nobody owns the name yet; the first status call makes the bus start the installed agent.
        try env.startKeyring()
        #expect(env.ownerPID(of: AgentProcess.busName) == nil)
        let applockctl = prefix.appendingPathComponent("bin/applockctl").path
        let status = env.run([applockctl, "status"], timeout: .seconds(30))
        let agentPID = env.ownerPID(of: AgentProcess.busName)
        defer { if let agentPID { kill(agentPID, SIGTERM) } }
        #expect(status.status == 0, "status: \(status.stdout)\(status.stderr)")
        #expect(status.stdout.contains("Session: active"))
        #expect(agentPID != nil)
        if let agentPID {
            let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(agentPID)/exe")
            #expect(exe == prefix.appendingPathComponent("bin/applockd").path)
        }

        // A passcode set through the installed applockctl reaches the keyring through the installed store helper
        // (found next to the installed agent) as a hash under the schema the package's purge note names.
        let app = "org.example.Installed"
        let set = env.run([applockctl, "set-passcode", app, "--stdin"], input: "1234\n")
        #expect(set.status == 0, "set-passcode: \(set.stdout)\(set.stderr)")
        let search = env.run(["secret-tool", "search", "--all", "xdg:schema", "io.github.applock.Passcode"])
        #expect(search.stdout.contains("attribute.app-id = \(app)") || search.stderr.contains("attribute.app-id = \(app)"),
                "secret-tool search: \(search.stdout)\(search.stderr)")
        #expect(!(search.stdout + search.stderr).contains("1234"))

        // The release agent never asks the "polkit" on that bus: it asks the one at /run/dbus/system_bus_socket
        // (whatever that one answers here: none, or root's yes); the debug one the tests install follows the variable.
        let unlock = env.run([applockctl, "unlock", "--system-auth", app], timeout: .seconds(30))
        let asked = try env.polkitCalls().contains { $0.hasPrefix("CheckAuthorization ") }
        if installedPrefix == nil {
            #expect(unlock.status == 0 && asked, "a debug agent asks the bus the variable names: \(unlock.stderr)")
        } else {
            #expect(!asked, "the release agent asked the polkit on DBUS_SYSTEM_BUS_ADDRESS: \(unlock.stdout)\(unlock.stderr)")
        }
        let clear = env.run(["secret-tool", "clear", "xdg:schema", "io.github.applock.Passcode"])
        #expect(clear.status == 0, "secret-tool clear: \(clear.stderr)")
        let after = env.run(["secret-tool", "search", "--all", "xdg:schema", "io.github.applock.Passcode"])
        #expect(!(after.stdout + after.stderr).contains(app))
    }
}
