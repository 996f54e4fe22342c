import AppLockTestSupport
import Foundation
import Testing

/// Debian's own apps under the guard on headless sway, guarded by their installed desktop files' ids and started
/// offline as native Wayland clients: firefox-esr and gnome-text-editor, on every generation (the host's sway 1.7,
/// and in `DEBIAN13_SUITES`/`FORKY_SUITES` sway 1.10 and 1.12). What each shows is pure magenta.
@Suite("Debian's apps under the guard on sway", .serialized)
struct SwayRealAppTests {
    @Test("firefox-esr on sway, guarded as firefox-esr (its Wayland app id, a desktop-file id without a dot, Debian's own desktop file), typed into a terminal: hidden at launch, the passcode typed into the lock window brings it back, locked again it hides, a second window (--new-window, handed to the first instance) is hidden while locked, and logind Lock hides both")
    func firefoxESR() throws {
        let h = try SwayGuardHarness("sway-firefox-esr", app: "firefox-esr")
        try MagentaDocuments.firefoxProfile(home: h.environment.home)
        let page = try MagentaDocuments.page("page", in: h.environment.root).absoluteString
        try h.startGuard()
        let variables = ["MOZ_LEGACY_PROFILES": "1", "MOZ_ENABLE_WAYLAND": "1"]
        try h.walkThrough(appID: "firefox-esr") {
            try h.startOffline(["firefox-esr", page], appID: "firefox-esr", variables: variables, label: "first")
        } openSecond: {
            try h.startOffline(["firefox-esr", "--new-window", page], appID: "firefox-esr", variables: variables,
                               label: "second")
        }
    }

    @Test("gnome-text-editor on sway, guarded as org.gnome.TextEditor (its Wayland app id; DBusActivatable, no StartupWMClass), typed into a terminal, its text view magenta through the user's gtk.css: hidden at launch, unlocked by the passcode typed into the lock window, locked again, a second window (--new-window, handed to the first instance) hidden while locked, and logind Lock hides both")
    func textEditor() throws {
        let h = try SwayGuardHarness("sway-text-editor", app: "org.gnome.TextEditor")
        try MagentaDocuments.gtkTextViews(configHome: h.environment.configHome)
        try h.startGuard()
        let variables = ["GTK_A11Y": "none", "GDK_BACKEND": "wayland"]
        try h.walkThrough(appID: "org.gnome.TextEditor") {
            try h.startOffline(["gnome-text-editor"], appID: "org.gnome.TextEditor", variables: variables, label: "first")
        } openSecond: {
            try h.startOffline(["gnome-text-editor", "--new-window"], appID: "org.gnome.TextEditor",
                               variables: variables, label: "second")
        }
    }
}

extension SwayGuardHarness {
    /// Starts `argv` offline (a network namespace of its own with only loopback) and waits until sway lists one more
    /// window with the Wayland app id `appID`.
    func startOffline(_ argv: [String], appID: String, variables: [String: String] = [:], label: String) throws -> Bool {
        let before = session.windowCount(appID: appID)
        appIDs.insert(appID)
        apps.append(try session.launch(
            ["unshare", "--net", "--", "sh", "-c", "ip link set lo up && exec \"$@\"", "sh"] + argv,
            logName: label, extraVariables: variables))
        return waitUntil(timeout: .seconds(60), pollEvery: .milliseconds(50)) {
            self.session.windowCount(appID: appID) > before
        }
    }

    /// Hidden at launch (`start`); the passcode typed into the lock window brings the app back; `applockctl lock`
    /// hides it again; a second window `openSecond` opens while locked is hidden; unlocked, logind's `Lock` hides it.
    func walkThrough(appID: String, start: () throws -> Bool, openSecond: () throws -> Bool) throws {
        #expect(try start(), "no \(appID) window: \(session.windows())")
        #expect(waitForState("locked"), "state: \(state() ?? "none")\n\(guardLog())")
        #expect(waitUntilHidden(label: "locked-at-launch"), "\(guardLog())")
        var lock: SwayWindow?
        #expect(waitUntil(timeout: .seconds(30)) {
            lock = self.lockWindow()
            return lock?.focused == true
        }, "the lock window is focused: \(session.windows())\n\(guardLog())")
        session.type(Self.passcode)
        session.key("Return")
        #expect(waitForState("unlocked"), "\(guardLog())")
        #expect(waitUntilHidden(false, label: "unlocked", timeout: .seconds(30)), "\(guardLog())")

        #expect(environment.run([try PackageFolders.program("applockctl"), "lock", app]).succeeded)
        #expect(waitForState("locked"))
        #expect(waitUntilHidden(label: "locked-again"), "\(guardLog())")
        #expect(try openSecond(), "no second window: \(session.windows())")
        #expect(waitUntilHidden(label: "second-window-while-locked"), "\(guardLog())")

        try unlockWithApplockctl()
        #expect(waitUntilHidden(false, label: "unlocked-again", timeout: .seconds(30)), "\(guardLog())")
        try environment.logindSessionLock()
        #expect(waitForState("locked"))
        #expect(waitUntilHidden(label: "logind-lock"), "\(guardLog())")
    }
}
