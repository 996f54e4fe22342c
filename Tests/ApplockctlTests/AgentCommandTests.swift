import AppLockTestSupport
import Foundation
import Testing

/// applockctl against the real applockd on a private bus with a real (unlocked) gnome-keyring.
@Suite struct AgentCommandTests {
    static let app = "org.example.Notes"

    private func startAgent() throws -> (TestEnvironment, AgentProcess) {
        let env = try TestEnvironment()
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        try agent.waitUntilServing()
        return (env, agent)
    }

    private func state(_ env: TestEnvironment, _ app: String) throws -> String? {
        let result = env.applockctl(["status", app, "--json"])
        guard result.status == 0 else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["state"] as? String
    }

    @Test func statusAndListShowTheSessionAndTheApps() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        let empty = env.applockctl(["status"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("Session: active"))
        #expect(empty.stdout.contains("No applications."))

        let set = env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("Passcode set for org.example.Notes (four-digit)."))

        let list = env.applockctl(["list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("APPLICATION"))
        #expect(list.stdout.contains(Self.app))
        let json = env.applockctl(["status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sessionState"] as? String == "active")
        let apps = try #require(object["applications"] as? [[String: Any]])
        #expect(apps.map { $0["appId"] as? String } == [Self.app])

        let one = env.applockctl(["status", Self.app])
        #expect(one.status == 0)
        #expect(one.stdout.contains("HasPasscode: yes"))
        #expect(one.stdout.contains("PasscodeKind: four-digit"))
        #expect(!one.stdout.contains("1234"))
    }

    @Test func lockUnlockAndWrongPasscodesHaveTheirExitCodes() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["lock", "org.example.Nobody"]).status == 4)
        #expect(env.applockctl(["unlock", "org.example.Nobody", "--stdin"], input: "1234\n").status == 4)
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "5678\n").status == 8)
        #expect(env.applockctl(["set-passcode", "org.example.Other", "--stdin", "--kind", "six-digit"],
                               input: "1234\n").status == 9)

        #expect(env.applockctl(["lock", Self.app]).status == 0)
        #expect(try state(env, Self.app) == "locked")
        let wrong = env.applockctl(["unlock", Self.app, "--stdin"], input: "9999\n")
        #expect(wrong.status == 5)
        #expect(wrong.stderr.contains("attempts left"))
        #expect(wrong.stderr.split(separator: "\n").count == 1)
        #expect(try state(env, Self.app) == "locked")
        let right = env.applockctl(["unlock", Self.app, "--stdin"], input: "1234\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try state(env, Self.app) == "unlocked")

        #expect(env.applockctl(["lock", "--all"]).status == 0)
        #expect(try state(env, Self.app) == "locked")
        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "").status == 13)
    }

    @Test func aPasscodeOfTheWrongShapeIsRefusedWithoutCountingAnAttempt() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(env.applockctl(["lock", Self.app]).status == 0)
        for impossible in ["abcd", "12345", "123"] {
            let result = env.applockctl(["unlock", Self.app, "--stdin"], input: impossible + "\n")
            #expect(result.status == 9, "\(impossible): \(result.stderr)")
            #expect(result.stderr.contains("four-digit passcode"), "\(result.stderr)")
            #expect(result.stderr.contains("no attempt was counted"), "\(result.stderr)")
            #expect(!result.stderr.contains(impossible), "the refusal repeats the input: \(result.stderr)")
        }
        let removal = env.applockctl(["remove-passcode", Self.app, "--stdin"], input: "12a4\n")
        #expect(removal.status == 9, "\(removal.stderr)")
        let status = env.applockctl(["status", Self.app])
        #expect(status.stdout.contains("FailedAttempts: 0"), "\(status.stdout)")
        #expect(try state(env, Self.app) == "locked")
        let wrong = env.applockctl(["unlock", Self.app, "--stdin"], input: "9999\n")
        #expect(wrong.status == 5, "a passcode of the right shape still counts: \(wrong.stderr)")
        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "1234\n").status == 0)
    }

    @Test func withoutAKeyringSetPasscodeSaysWhatToDo() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate() }
        try agent.waitUntilServing()
        let result = env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n")
        #expect(result.status == 10, "\(result.stderr)")
        #expect(result.stderr.contains("set up a default one"), "\(result.stderr)")
        #expect(result.stderr.contains("install gnome-keyring"), "\(result.stderr)")
        #expect(!result.stderr.contains("1234"))
    }

    @Test func aGuardedAppShowsInStatusFromTheMomentItIsGuarded() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        let add = env.applockctl(["guard", "add", Self.app, "--no-passcode-window"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("no passcode yet"), "\(add.stdout)")
        #expect(add.stderr.contains("no desktop file \(Self.app).desktop was found"), "\(add.stderr)")
        #expect(add.stderr.contains("`applockctl guard remove \(Self.app)` undoes this."), "\(add.stderr)")
        let session = env.applockctl(["status"])
        #expect(session.stdout.contains("Guarded, not running, no passcode yet: \(Self.app)"), "\(session.stdout)")
        #expect(!session.stdout.contains("No applications."), "\(session.stdout)")
        let one = env.applockctl(["status", Self.app])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("Guarded: yes, not running, no passcode yet"), "\(one.stdout)")
        #expect(env.applockctl(["status", "org.example.Nobody"]).status == 4)

        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let known = env.applockctl(["status"])
        #expect(known.stdout.contains(Self.app) && !known.stdout.contains("Guarded, not running"), "\(known.stdout)")
    }

    @Test func theAppLockPasscodeIsSetOnceAndAppsUseItWithoutAPasscodeAsked() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        let mail = "org.example.Mail"
        #expect(env.applockctl(["set-passcode"]).status == 2, "an application or --shared")
        let none = env.applockctl(["set-passcode", Self.app, "--shared"])
        #expect(none.status == 7 && none.stderr.contains("set-passcode --shared"), "\(none.stderr)")
        let set = env.applockctl(["set-passcode", "--shared", "--stdin"], input: "2468\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("The AppLock passcode is set (four-digit)."), "\(set.stdout)")
        #expect(env.applockctl(["set-passcode", "--shared", "--stdin"], input: "1357\n").status == 8)
        let use = env.applockctl(["set-passcode", Self.app, "--shared"])
        #expect(use.status == 0, "\(use.stderr)")
        #expect(use.stdout.contains("\(Self.app) uses the AppLock passcode."), "\(use.stdout)")
        let session = env.applockctl(["status"])
        #expect(session.stdout.contains("The AppLock passcode is set (four-digit)."), "\(session.stdout)")
        let one = env.applockctl(["status", Self.app])
        #expect(one.stdout.contains("PasscodeSource: shared") && one.stdout.contains("PasscodeKind: four-digit"),
                "\(one.stdout)")
        #expect(env.applockctl(["lock", Self.app]).status == 0)
        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "2468\n").status == 0)
        #expect(try state(env, Self.app) == "unlocked")

        let add = env.applockctl(["guard", "add", mail])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("It uses the AppLock passcode."), "no set-up window then: \(add.stdout)")
        #expect(env.applockctl(["status", mail]).stdout.contains("PasscodeSource: shared"))

        let vault = "org.example.Vault"
        #expect(env.applockctl(["set-passcode", vault, "--stdin"], input: "Quokka-7-Lantern\n").status == 0)
        #expect(env.applockctl(["set-passcode", vault, "--shared", "--stdin"], input: "Wrong-Guess-99\n").status == 5,
                "its own passcode is asked; a wrong one changes nothing")
        #expect(env.applockctl(["status", vault]).stdout.contains("PasscodeSource: own"))
        let switched = env.applockctl(["set-passcode", vault, "--shared", "--stdin"], input: "Quokka-7-Lantern\n")
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(switched.stdout.contains("\(vault) uses the AppLock passcode instead of its own."), "\(switched.stdout)")
        #expect(env.applockctl(["status", vault]).stdout.contains("PasscodeSource: shared"))

        #expect(env.applockctl(["change-passcode", "--shared", "--stdin"], input: "1111\n13579\n").status == 5,
                "a wrong current AppLock passcode")
        let change = env.applockctl(["change-passcode", "--shared", "--stdin"], input: "2468\n13579\n")
        #expect(change.status == 0, "\(change.stderr)")
        #expect(change.stdout.contains("The AppLock passcode is changed (numeric)."), "\(change.stdout)")
        #expect(env.applockctl(["status", mail]).stdout.contains("PasscodeKind: numeric"))
        #expect(env.applockctl(["remove-passcode", Self.app, "--shared"]).status == 2, "an application or --shared")
        let remove = env.applockctl(["remove-passcode", "--shared", "--stdin"], input: "13579\n")
        #expect(remove.status == 0, "\(remove.stderr)")
        let without = env.applockctl(["status", mail]).stdout
        #expect(without.contains("not running, no passcode yet"), "an unregistered app without a passcode: \(without)")
        #expect(env.applockctl(["remove-passcode", "--shared", "--stdin"], input: "13579\n").status == 7)
        for passcode in ["2468", "13579", "1111", "Quokka-7-Lantern", "Wrong-Guess-99"] { #expect(!agent.logText().contains(passcode)) }
    }

    @Test func guardListKeepsAnAppWhoseUnGuardingWaitsForItsPasscode() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        let applications = env.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Notes\nExec=true\n"
            .write(to: applications.appendingPathComponent("\(Self.app).desktop"), atomically: true, encoding: .utf8)
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let add = env.applockctl(["guard", "add", Self.app])
        #expect(add.status == 0 && add.stderr.isEmpty, "a desktop file is there: \(add.stderr)")
        let remove = env.applockctl(["guard", "remove", Self.app])
        #expect(remove.stdout.contains("stays guarded until its passcode confirms"), "\(remove.stdout)")
        let list = env.applockctl(["guard", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\(Self.app)\t(still guarded until its passcode confirms: applockctl policy confirm \(Self.app))"),
                "\(list.stdout)")
        #expect(env.applockctl(["policy", "confirm", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(env.applockctl(["guard", "list"]).stdout.isEmpty)
    }

    @Test func statusSaysTheAttemptsMissedSinceTheLastUnlockUntilTheNextOne() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(env.applockctl(["lock", Self.app]).status == 0)
        #expect(env.applockctl(["status", Self.app]).stdout.contains("no failed attempts since you last unlocked \(Self.app)"))
        for _ in 0..<2 { #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "9999\n").status == 5) }

        let json = env.applockctl(["status", Self.app, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let missed = try #require(object["missedAttempts"] as? [String: Any])
        #expect(missed["count"] as? Int == 2)
        let attempts = try #require(missed["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["method"] as? String } == ["passcode", "passcode"])
        #expect(attempts.map { $0["outcome"] as? String } == ["wrong-passcode", "wrong-passcode"])
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        let times = try attempts.map { attempt in
            let time = try #require(attempt["time"] as? UInt64)
            return formatter.string(from: Date(timeIntervalSince1970: Double(time) / 1_000_000))
        }
        let text = env.applockctl(["status", Self.app])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("2 failed attempts since you last unlocked \(Self.app) — \(times.joined(separator: ", "))"),
                "\(text.stdout)")
        #expect(!text.stdout.contains("9999") && !json.stdout.contains("9999"))

        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(env.applockctl(["status", Self.app]).stdout.contains("no failed attempts since you last unlocked \(Self.app)"))
    }

    @Test func changeAndRemovePasscode() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let tooLong = env.applockctl(["change-passcode", Self.app, "--stdin"],
                                     input: "1234\n" + String(repeating: "x", count: 129) + "\n")
        #expect(tooLong.status == 9 && tooLong.stderr.contains("longer than 128 bytes"), "\(tooLong.stderr)")
        let change = env.applockctl(["change-passcode", Self.app, "--stdin"], input: "1234\r\n246810\n")
        #expect(change.status == 0, "\(change.stderr)")
        #expect(change.stdout.contains("six-digit"))
        #expect(env.applockctl(["lock", Self.app]).status == 0)
        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "246810\n").status == 0)
        #expect(env.applockctl(["remove-passcode", Self.app, "--stdin"], input: "111111\n").status == 5)
        #expect(env.applockctl(["remove-passcode", Self.app, "--stdin"], input: "246810\n").status == 0)
        let none = env.applockctl(["unlock", Self.app, "--stdin"], input: "246810\n")
        #expect([4, 7].contains(none.status))
    }

    @Test func policyShowsTheEffectivePolicy() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let text = env.applockctl(["policy", Self.app])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("[Policy]"))
        #expect(text.stdout.contains("LockOnLaunch=true"))
        #expect(text.stdout.contains("GracePeriod=60"))
        let json = env.applockctl(["policy", Self.app, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["MaxFailedAttempts"] as? Int == 5)
        #expect(env.applockctl(["policy", "org.example.Nobody"]).status == 4)
    }

    @Test func aHandEditedWeakeningWaitsInStatusUntilPolicyConfirm() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        try env.writeAppPolicy(Self.app, "MaxFailedAttempts=1000\n")
        agent.kill(SIGHUP)

        let waiting = "\(Self.app): policy change waiting for authentication (MaxFailedAttempts) — applockctl policy confirm \(Self.app)"
        #expect(waitUntil(timeout: .seconds(10)) { env.applockctl(["status"]).stdout.contains(waiting) },
                "\(env.applockctl(["status"]).stdout)")
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=5"))

        let wrong = env.applockctl(["policy", "confirm", Self.app, "--stdin"], input: "9999\n")
        #expect(wrong.status == 5, "\(wrong.stderr)")
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=5"))
        let right = env.applockctl(["policy", "confirm", Self.app, "--stdin"], input: "1234\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(env.applockctl(["policy", "show", Self.app]).stdout.contains("MaxFailedAttempts=1000"))
        #expect(!env.applockctl(["status"]).stdout.contains("waiting for authentication"))
    }

    @Test func policyReloadAppliesTheFilesHoldsAWeakeningAndNamesABrokenFileKeepingItsLastGoodVersion() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let file = env.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)

        try "[Policy]\nGracePeriod=30\n".write(to: file, atomically: true, encoding: .utf8)
        let stronger = env.applockctl(["policy", "reload"])
        #expect(stronger.status == 0, "\(stronger.stderr)")
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("GracePeriod=30"))

        try "[Policy]\nGracePeriod=30\nMaxFailedAttempts=1000\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(env.applockctl(["policy", "reload"]).status == 0)
        #expect(env.applockctl(["status"]).stdout.contains("waiting for authentication (MaxFailedAttempts)"))
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=5"))

        try "[Policy]\nGracePeriod=soon\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = env.applockctl(["policy", "reload"])
        #expect(broken.status == 12, "\(broken.stderr)")
        #expect(broken.stderr.contains(file.path), "\(broken.stderr)")
        #expect(broken.stderr.contains("GracePeriod"), "\(broken.stderr)")
        let kept = env.applockctl(["policy", Self.app]).stdout
        #expect(kept.contains("GracePeriod=30"), "the last good version stays: \(kept)")
        #expect(kept.contains("MaxFailedAttempts=5"), "the held weakening stays held: \(kept)")
    }

    @Test func guardListSkipsABrokenFileAsTheGuardDoesAndNamesIt() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let folder = env.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n".write(to: folder.appendingPathComponent("org.example.Good.conf"), atomically: true, encoding: .utf8)
        let broken = folder.appendingPathComponent("org.example.Broken.conf")
        try "[Policy]\nGuard=maybe\n".write(to: broken, atomically: true, encoding: .utf8)
        let list = env.applockctl(["guard", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "org.example.Good\n")
        #expect(list.stderr.contains(broken.path), "\(list.stderr)")
        #expect(list.stderr.contains("last good version"), "\(list.stderr)")
    }

    /// `guard add` names the desktop file it found and the names the guard matches windows by; without a desktop file
    /// of that id it warns and names the ids that look like it, and guards the id all the same.
    @Test func guardAddNamesTheDesktopFileAndWhatItMatches() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let applications = env.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let desktopFile = applications.appendingPathComponent("firefox-esr.desktop")
        try "[Desktop Entry]\nType=Application\nName=Firefox ESR\nExec=firefox-esr %u\nStartupWMClass=firefox-esr\n"
            .write(to: desktopFile, atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nType=Application\nName=Text Editor\nExec=gnome-text-editor\n"
            .write(to: applications.appendingPathComponent("org.gnome.TextEditor.desktop"), atomically: true, encoding: .utf8)

        let firefox = env.applockctl(["guard", "add", "firefox-esr", "--no-passcode-window"])
        #expect(firefox.status == 0, "\(firefox.stderr)")
        #expect(firefox.stdout.contains("Desktop file: \(desktopFile.path) (Firefox ESR)"), "\(firefox.stdout)")
        #expect(firefox.stdout.contains("by the app id firefox-esr"), "\(firefox.stdout)")
        #expect(firefox.stdout.contains("WM_CLASS \"firefox-esr\" (its StartupWMClass)"), "\(firefox.stdout)")
        #expect(!firefox.stderr.contains("Warning"), "\(firefox.stderr)")
        #expect(!firefox.stdout.contains("the program its desktop file runs"),
                "a desktop file of that name claims the program's name (its own here): \(firefox.stdout)")

        let editor = env.applockctl(["guard", "add", "org.gnome.TextEditor", "--no-passcode-window"])
        #expect(editor.stdout.contains("WM_CLASS \"org.gnome.TextEditor\" (its id: the desktop file names no StartupWMClass)"),
                "\(editor.stdout)")
        #expect(editor.stdout.contains("a window whose Wayland app id or WM_CLASS is gnome-text-editor, the program its desktop file runs"),
                "\(editor.stdout)")
        try "[Desktop Entry]\nType=Application\nName=XTerm\nExec=xterm\nStartupWMClass=XTerm\n"
            .write(to: applications.appendingPathComponent("debian-xterm.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nType=Application\nName=Term\nExec=xterm -class org.example.Term\n"
            .write(to: applications.appendingPathComponent("org.example.Term.desktop"), atomically: true, encoding: .utf8)
        let term = env.applockctl(["guard", "add", "org.example.Term", "--no-passcode-window"])
        #expect(!term.stdout.contains("the program its desktop file runs"),
                "debian-xterm.desktop claims XTerm: a plain xterm is not org.example.Term's: \(term.stdout)")
        let flatpak = applications.appendingPathComponent("org.example.Flat.desktop")
        try "[Desktop Entry]\nType=Application\nName=Flat\nExec=/usr/bin/flatpak run org.example.Flat\n"
            .write(to: flatpak, atomically: true, encoding: .utf8)
        let flat = env.applockctl(["guard", "add", "org.example.Flat", "--no-passcode-window"])
        #expect(flat.status == 0, "\(flat.stderr)")
        #expect(!flat.stdout.contains("the program its desktop file runs"), "a generic launcher names no app: \(flat.stdout)")

        let typo = env.applockctl(["guard", "add", "firefox", "--no-passcode-window"])
        #expect(typo.status == 0, "the id is guarded all the same: \(typo.stderr)")
        #expect(typo.stderr.contains("Warning: no desktop file firefox.desktop was found"), "\(typo.stderr)")
        #expect(typo.stderr.contains("Did you mean: firefox-esr (Firefox ESR)"), "\(typo.stderr)")
        #expect(env.applockctl(["guard", "list"]).stdout.split(separator: "\n").contains("firefox"))
    }

    @Test func monitorPrintsEachLockAndUnlock() throws {
        let (env, agent) = try startAgent()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)

        let out = env.root.appendingPathComponent("monitor.out")
        let err = env.root.appendingPathComponent("monitor.err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: BuiltProducts.applockctl)
        monitor.arguments = ["monitor", Self.app]
        monitor.environment = env.environment
        monitor.standardOutput = try FileHandle(forWritingTo: out)
        monitor.standardError = try FileHandle(forWritingTo: err)
        try monitor.run()
        defer { kill(monitor.processIdentifier, SIGKILL); monitor.waitUntilExit() }
        let text = { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
        #expect(waitUntil(timeout: .seconds(10)) {
            ((try? String(contentsOf: err, encoding: .utf8)) ?? "").contains("Monitoring applockd")
        })

        // A new passcode starts locked (reason launch): unlock, then lock again.
        #expect(env.applockctl(["unlock", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(waitUntil(timeout: .seconds(5)) { text().contains("\(Self.app)  unlocked  unlock") }, "\(text())")
        #expect(env.applockctl(["lock", Self.app]).status == 0)
        #expect(waitUntil(timeout: .seconds(5)) { text().contains("\(Self.app)  locked  manual") }, "\(text())")
        #expect(env.applockctl(["lock", "org.example.Other"]).status == 4)
        #expect(!text().contains("org.example.Other"))
    }
}
