import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    static let secondApp = "org.example.Diary"

    @Test("GNOME's Quick Settings have AppLock's toggle: clicked open with the pointer (Mutter's RemoteDesktop), its menu lists Lock All Now, each app with its state and AppLock Settings; choosing an unlocked app locks it alone; Lock All Now locks every protected app, and the toggle's menu then says so")
    func quickSettingsLockEveryApp() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let session = desktop.session
        let reader = desktop.shellReader
        let client = desktop.setup.client
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        // A second protected app, with no window: Lock All Now locks it too.
        let policy = desktop.environment.configHome.appendingPathComponent("applock/apps.d/\(Self.secondApp).conf")
        try "[Policy]\nGuard=true\n\(Self.remoteKeyboardPolicy)".write(to: policy, atomically: true, encoding: .utf8)
        _ = try client.call("ReloadPolicy")
        _ = try client.call("SetPasscode", [.string(Self.secondApp), .string(GuardedAgent.passcode), .string("four-digit")])
        let applockctl = try PackageFolders.program("applockctl")
        for app in [Self.app, Self.secondApp] {
            let unlocked = desktop.environment.run([applockctl, "unlock", app, "--stdin"], input: GuardedAgent.passcode + "\n")
            #expect(unlocked.succeeded, "\(app): \(unlocked.stderr)")
        }
        #expect(desktop.waitUntilHidden(false, label: "quick-settings-0-unlocked"), "\(desktop.log())")

        try openAppLockMenu(desktop, reader: reader, label: "quick-settings-1")
        let unlockedRow = "Notes — Unlocked"
        #expect(waitUntil(timeout: .seconds(10)) { reader.box(of: "text:\(unlockedRow)") != nil },
                "the menu lists Notes as unlocked: \(reader.read()?.labels ?? [])")
        #expect(reader.box(of: "text:\(Self.secondApp) — Unlocked") != nil, "the menu lists the second app")
        #expect(reader.box(of: "text:AppLock Settings") != nil)
        let menuShot = Self.artifact("quick-settings-2-toggle-menu", shellVersion: session.shellVersion)
        try session.screenshot(to: menuShot)

        // Choosing an unlocked app locks it, and it alone.
        let diary = try #require(reader.box(of: "text:\(Self.secondApp) — Unlocked"))
        _ = try click(diary, desktop, reader: reader) { (try? client.state(Self.secondApp)) == "locked" }
        #expect((try? client.state(Self.secondApp)) == "locked", "choosing the unlocked app locks it: \(desktop.log())")
        #expect((try? client.state(Self.app)) == "unlocked", "and no other app")
        try openAppLockMenu(desktop, reader: reader, label: "quick-settings-2b")
        #expect(waitUntil(timeout: .seconds(10)) { reader.box(of: "text:1 unlocked") != nil },
                "the toggle counts one app unlocked: \(reader.read()?.labels ?? [])")

        let lockAll = try #require(reader.box(of: "text:Lock All Now"), "the menu shows Lock All Now")
        _ = try click(lockAll, desktop, reader: reader) { reader.box(of: "text:Lock All Now") == nil }
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? client.state(Self.app)) == "locked" && (try? client.state(Self.secondApp)) == "locked"
        }, "every protected app is locked: \(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "quick-settings-3-locked"), "\(desktop.log())")

        try openAppLockMenu(desktop, reader: reader, label: "quick-settings-4")
        #expect(waitUntil(timeout: .seconds(10)) {
            reader.box(of: "text:Notes — Locked") != nil && reader.box(of: "text:\(Self.secondApp) — Locked") != nil
                && reader.box(of: "text:All locked") != nil
        }, "the menu says every app is locked: \(reader.read()?.labels ?? [])")
        try session.screenshot(to: Self.artifact("quick-settings-5-all-locked", shellVersion: session.shellVersion))
    }

    /// Clicks the top bar's system menu open, then the arrow of AppLock's toggle, keeping a screenshot of each as
    /// `<label>-open` and `<label>-menu`.
    private func openAppLockMenu(_ desktop: Desktop, reader: GnomeNotificationReader, label: String) throws {
        let session = desktop.session
        let systemMenu = try #require(reader.box(of: "quick-settings"), "the top bar has its system menu")
        var arrow: XSession.Rect?
        let open = {
            arrow = reader.box(of: "menu-button:AppLock")
            return arrow != nil
        }
        let centre = (x: systemMenu.x + systemMenu.width / 2, y: systemMenu.y + systemMenu.height / 2)
        #expect(try click(systemMenu, desktop, reader: reader, until: open), "Quick Settings open with AppLock's toggle; a click at \(centre) reaches \(reader.picked(atX: centre.x, y: centre.y)): \(reader.read()?.labels ?? [])\n\(desktop.log())")
        try session.screenshot(to: Self.artifact("\(label)-open", shellVersion: session.shellVersion))
        let button = try #require(arrow)
        #expect(try click(button, desktop, reader: reader) { reader.box(of: "text:Lock All Now") != nil },
                "the toggle's menu opens; a click there reaches \(reader.picked(atX: button.x + button.width / 2, y: button.y + button.height / 2)): \(reader.read()?.labels ?? [])")
        try session.screenshot(to: Self.artifact("\(label)-menu", shellVersion: session.shellVersion))
    }

    /// Clicks the centre of `box` until `done`, as a user clicks again a click that did nothing; returns whether `done`
    /// came. (In some runs GNOME 50's headless Shell takes no click at all: its startup animation never ends, and its
    /// pane over the stage takes them; the failure message says so, from ``GnomeNotificationReader/picked(atX:y:)``.)
    func click(_ box: XSession.Rect, _ desktop: Desktop, reader: GnomeNotificationReader,
               until done: () -> Bool) throws -> Bool {
        for _ in 0..<3 {
            try click(box, desktop, reader: reader)
            if waitUntil(timeout: .seconds(4), done) { return true }
        }
        return false
    }

    /// Moves the pointer (Mutter's RemoteDesktop, relative moves) to the centre of `box`, as far as the Shell says it
    /// is from there each time, until it is there, moves it once more within the target, as a hand does (GNOME 50's
    /// click gesture took no press right after the pointer's jump), and clicks.
    func click(_ box: XSession.Rect, _ desktop: Desktop, reader: GnomeNotificationReader) throws {
        let target = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        let pointer = desktop.session.keyboard
        #expect(waitUntil(timeout: .seconds(10)) {
            guard let now = reader.pointer() else { return false }
            if now == target { return true }
            try? pointer.movePointer(by: Double(target.x - now.x), Double(target.y - now.y))
            return false
        }, "the pointer reaches \(target): it is at \(String(describing: reader.pointer()))")
        try pointer.movePointer(by: 1, 1)
        try pointer.movePointer(by: -1, -1)
        try pointer.clickLeftButton()
    }
}
