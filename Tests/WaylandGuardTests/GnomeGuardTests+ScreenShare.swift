import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension GnomeGuardTests {
    /// Whether the agent says the screen is shared (its `ScreenShared` property).
    static func screenShared(_ desktop: Desktop) -> Bool? {
        try? desktop.setup.client.property(
            ObjectPath(AppLockBusNames.managerPath), AppLockBusNames.managerInterface, ManagerProperty.screenShared.name
        ).boolValue
    }

    @Test("Screen sharing covers the app: with LockOnScreenShare=obscure (the default) the Shell's remote-access sessions (the tests' RemoteDesktop keyboard, then a Mutter ScreenCast of the monitor) obscure it (reason screen-share, none of its pixels on screen) and it comes back when they stop; another client's \"sharing ended\" changes nothing; with lock it locks and stays locked when sharing ends")
    func screenSharingCoversTheApp() throws {
        let desktop = try Desktop(policy: "")
        defer { desktop.stop() }
        let session = desktop.session
        let client = desktop.setup.client
        func reason() -> String? { try? client.appProperty(Self.app, ApplicationProperty.reason.name).stringValue }
        let applockctl = try PackageFolders.program("applockctl")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "share-0-locked-at-launch"), "\(desktop.log())")

        // The keyboard the tests type with is a RemoteDesktop session: the screen counts as shared from the start.
        #expect(waitUntil(timeout: .seconds(20)) { Self.screenShared(desktop) == true }, "\(desktop.log())")
        let unlocked = desktop.environment.run([applockctl, "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "obscured" },
                "unlocked while shared, it stays covered: \(desktop.state() ?? "none") \(reason() ?? "")")
        #expect(desktop.waitUntilHidden(label: "share-1-remote-desktop"), "\(desktop.log())")
        session.keyboard.close()
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "unlocked" }, "\(desktop.log())")
        #expect(Self.screenShared(desktop) == false)
        #expect(desktop.waitUntilHidden(false, label: "share-2-remote-desktop-stopped"), "\(desktop.log())")

        let pipewire = try session.startPipeWire()
        defer { pipewire.stop() }
        var cast: MutterScreenCast? = try MutterScreenCast(sessionBusAddress: desktop.environment.sessionBus.address)
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "obscured" && reason() == "screen-share" },
                "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "share-3-screen-cast"), "\(desktop.log())")
        // The agent sees the cast in PipeWire too (Mutter's stream node), whether or not the extension runs.
        #expect(waitUntil(timeout: .seconds(20)) { desktop.setup.agent.logText().contains("PipeWire has a screen cast") },
                "\(desktop.setup.agent.logText())")

        // Another client says sharing ended: only the Shell's own report counts.
        _ = try client.call(ManagerMethod.reportScreenShare.name, [.string("gnome-shell"), .boolean(false)])
        #expect(Self.screenShared(desktop) == true && desktop.state() == "obscured")
        #expect(desktop.waitUntilHidden(label: "share-4-forged-end"), "\(desktop.log())")

        cast?.stop()
        cast = nil
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "unlocked" }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(false, label: "share-5-screen-cast-stopped"), "\(desktop.log())")

        // LockOnScreenShare=lock for this app: sharing locks it, and it stays locked when sharing ends.
        let policyFile = desktop.environment.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf")
        try "[Policy]\nGuard=true\nLockOnScreenShare=lock\n".write(to: policyFile, atomically: true, encoding: .utf8)
        _ = try client.call(ManagerMethod.reloadPolicy.name)
        #expect(try client.policy(Self.app, "LockOnScreenShare")?.stringValue == "lock")
        cast = try MutterScreenCast(sessionBusAddress: desktop.environment.sessionBus.address)
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "locked" && reason() == "screen-share" },
                "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "share-6-locked"), "\(desktop.log())")
        cast?.stop()
        #expect(waitUntil(timeout: .seconds(20)) { Self.screenShared(desktop) == false }, "\(desktop.log())")
        #expect(desktop.state() == "locked", "a lock stays until the app is unlocked")
        #expect(desktop.waitUntilHidden(label: "share-7-locked-after-sharing"), "\(desktop.log())")
    }
}
