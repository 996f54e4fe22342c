import AppLockTestSupport
import Foundation
import Testing

extension KWinGuardTests {
    /// The status item's menu, as Plasma's tray uses it (dbusmenu's `Event`), on KWin: the guard's activation of the
    /// chosen app's window is carried out by the KWin script.
    @Test("Chosen from the status item on Plasma: a locked app whose lock window went with another window in front brings its lock window back with the keyboard, never the app; an unlocked app chosen locks")
    func statusItemBringsTheLockWindowOfALockedApp() throws {
        try Self.inReachScene("status-item") { scene in
            let environment = scene.setup.environment
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.lockWindowIsActive() },
                    "the lock window has the keyboard: \(scene.windows())\n\(scene.log())")
            let other = try scene.launchOther()
            defer { other.stop() }
            #expect(waitUntil(timeout: .seconds(20)) { scene.isActive(other) && scene.pixels(Self.lockWindowColours) < 10_000 },
                    "the lock window goes when the user opens another window: \(scene.windows())\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "other-window")

            #expect(StatusMenu.choose("Notes — Locked", environment), "\(StatusMenu.layout(environment))")
            var appSeen = 0
            #expect(waitUntil(timeout: .seconds(20)) {
                appSeen = max(appSeen, scene.pixels(Self.xtermColours))
                return scene.pixels(Self.lockWindowColours) > 100_000
            }, "choosing the locked app brings its lock window\n\(scene.log())")
            appSeen = max(appSeen, scene.pixels(Self.xtermColours, "chosen"))
            #expect(appSeen == 0, "the locked app's pixels showed after it was chosen")
            #expect(waitUntil(timeout: .seconds(10)) { scene.lockWindowIsActive(besides: [other]) },
                    "the lock window has the keyboard: \(scene.windows())\n\(scene.log())")

            #expect(scene.session.type(GuardedAgent.passcode).succeeded)
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "unlocked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) > 10_000 && scene.appIsActive() },
                    "the unlocked app is back with the keyboard: \(scene.windows())\n\(scene.log())")

            #expect(StatusMenu.choose("Notes — Unlocked", environment), "\(StatusMenu.layout(environment))")
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) == 0 }, "the app chosen is hidden\n\(scene.log())")
        }
    }
}
