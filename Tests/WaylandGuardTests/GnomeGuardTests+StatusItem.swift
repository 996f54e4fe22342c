import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    /// The status item's menu, as a panel's tray uses it (dbusmenu's `Event`; Ubuntu's GNOME shows it), on GNOME Shell:
    /// the guard's activation of the chosen app's window is carried out by the extension.
    @Test("Chosen from the status item on GNOME: a locked app whose lock window went with another window in front brings its lock window back, never the app, and the passcode typed there unlocks it; an unlocked app chosen locks")
    func statusItemBringsTheLockWindowOfALockedApp() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let session = desktop.session
        let environment = desktop.environment
        func pixels(_ colours: [String], _ label: String? = nil) -> Int {
            (try? session.countPixels(colours, keep: label.map { Self.artifact("status-item-\($0)", shellVersion: session.shellVersion) })) ?? -1
        }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(SwayGuardHarness.lockWindowColours) > 100_000 },
                "the lock window is up\n\(desktop.log())")
        let other = try session.launch([
            "foot", "-a", "org.example.Other", "-o", "\(FootColours.section).background=0000ff", "sh", "-c", "exec cat > /dev/null",
        ], logName: "other-foot")
        defer { other.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.otherColours) > 10_000 }, "the other window is there\n\(desktop.log())")
        // The Shell gives a window opened without an activation token no focus: the user clicks it, left of the lock
        // window (GNOME 43 opens it at the left edge, 48 and later in the middle).
        let reader = desktop.shellReader
        let shot = Self.artifact("status-item-0-other-opened", shellVersion: session.shellVersion)
        try session.screenshot(to: shot)
        let blue = try #require(try ImageProbe.boundingBox(in: shot, colour: Self.otherColours[0], skippingRows: Self.topBarHeight,
                                                           environment: environment), "the other window is on screen")
        let clicked = try click(XSession.Rect(x: blue.x + 20, y: blue.y + blue.height / 2 - 20, width: 40, height: 40),
                                desktop, reader: reader) { pixels(SwayGuardHarness.lockWindowColours) < 10_000 }
        #expect(clicked && pixels(Self.otherColours) > 10_000, "the lock window goes with another window in front\n\(desktop.log())")
        _ = pixels(Self.appColours, "1-other-window")

        #expect(StatusMenu.choose("Notes — Locked", environment), "\(StatusMenu.layout(environment))")
        var appSeen = 0
        #expect(waitUntil(timeout: .seconds(20)) {
            appSeen = max(appSeen, pixels(Self.appColours))
            return pixels(SwayGuardHarness.lockWindowColours) > 100_000
        }, "choosing the locked app brings its lock window\n\(desktop.log())")
        appSeen = max(appSeen, pixels(Self.appColours, "2-chosen"))
        #expect(appSeen == 0, "the locked app's pixels showed after it was chosen")

        try session.keyboard.type(SwayGuardHarness.passcode + "\n")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "unlocked" },
                "the passcode typed reached the lock window: \(desktop.state() ?? "none")\n\(desktop.log())")
        #expect(desktop.waitUntilHidden(false, label: "status-item-3-unlocked"), "\(desktop.log())")
        #expect(!desktop.recorded().contains(SwayGuardHarness.passcode), "the passcode reached the app: \(desktop.recorded())")

        #expect(StatusMenu.choose("Notes — Unlocked", environment), "\(StatusMenu.layout(environment))")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "locked" }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "status-item-4-locked"), "\(desktop.log())")
    }
}
