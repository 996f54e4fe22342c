import AppLockTestSupport
import Foundation
import Testing

/// One of Debian's own apps under the guard on headless sway 1.7 (host Debian 12), guarded by its installed desktop
/// file's id and started offline. A suite of its own, outside `DEBIAN13_SUITES`: the Debian 13 chroot has no
/// firefox-esr.
@Suite("Debian's apps under the guard on sway", .serialized)
struct SwayRealAppTests {
    @Test("firefox-esr on sway, guarded as firefox-esr (its Wayland app id, a desktop-file id without a dot, Debian's own desktop file), typed into a terminal: hidden at launch, the passcode typed into the lock window brings it back, locked again it hides, a second window (--new-window, handed to the first instance) is hidden while locked, and logind Lock hides both")
    func firefoxESR() throws {
        let h = try SwayGuardHarness("sway-firefox-esr", app: "firefox-esr")
        try MagentaDocuments.firefoxProfile(home: h.environment.home)
        let page = try MagentaDocuments.page("page", in: h.environment.root).absoluteString
        try h.startGuard()
        func firefox(_ arguments: [String], label: String) throws -> Bool {
            let before = h.session.windowCount(appID: "firefox-esr")
            h.apps.append(try h.session.launch(
                ["unshare", "--net", "--", "sh", "-c", "ip link set lo up && exec \"$@\"", "sh", "firefox-esr"] + arguments,
                logName: label, extraVariables: ["MOZ_LEGACY_PROFILES": "1", "MOZ_ENABLE_WAYLAND": "1"]))
            return waitUntil(timeout: .seconds(60), pollEvery: .milliseconds(50)) {
                h.session.windowCount(appID: "firefox-esr") > before
            }
        }
        #expect(try firefox([page], label: "first"), "no firefox-esr window: \(h.session.windows())")
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-at-launch"), "\(h.guardLog())")
        var lock: SwayWindow?
        #expect(waitUntil(timeout: .seconds(30)) {
            lock = h.lockWindow()
            return lock?.focused == true
        }, "the lock window is focused: \(h.session.windows())\n\(h.guardLog())")
        h.session.type(SwayGuardHarness.passcode)
        h.session.key("Return")
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilHidden(false, label: "unlocked", timeout: .seconds(30)), "\(h.guardLog())")

        #expect(h.environment.run([try PackageFolders.program("applockctl"), "lock", "firefox-esr"]).succeeded)
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilHidden(label: "locked-again"), "\(h.guardLog())")
        #expect(try firefox(["--new-window", page], label: "second"), "no second window: \(h.session.windows())")
        #expect(h.waitUntilHidden(label: "second-window-while-locked"), "\(h.guardLog())")

        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked-again", timeout: .seconds(30)), "\(h.guardLog())")
        try h.environment.logindSessionLock()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilHidden(label: "logind-lock"), "\(h.guardLog())")
    }
}
