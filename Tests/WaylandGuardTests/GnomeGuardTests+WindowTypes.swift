import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    /// An X11 client of python3-xlib (on the Shell's Xwayland) with the window types a toolkit gives at creation: a
    /// normal window (cyan), a utility window (magenta, `_NET_WM_WINDOW_TYPE_UTILITY`: a palette) and a modal dialog
    /// for the first (yellow, `_NET_WM_WINDOW_TYPE_DIALOG`, `_NET_WM_STATE_MODAL`, `WM_TRANSIENT_FOR`), all of class
    /// `NotesTool`, each filled with its colour by the X server.
    static let windowTypesClient = """
        from Xlib import X, Xatom, display
        d = display.Display()
        s = d.screen()
        def atom(name): return d.intern_atom(name)
        def window(x, y, w, h, rgb, kind, state=None, owner=None):
            win = s.root.create_window(x, y, w, h, 0, s.root_depth, X.InputOutput, X.CopyFromParent,
                                       background_pixel=rgb)
            win.set_wm_class('notestool', 'NotesTool')
            win.set_wm_name(kind)
            win.change_property(atom('_NET_WM_WINDOW_TYPE'), Xatom.ATOM, 32, [atom('_NET_WM_WINDOW_TYPE_' + kind)])
            if state: win.change_property(atom('_NET_WM_STATE'), Xatom.ATOM, 32, [atom(state)])
            if owner: win.set_wm_transient_for(owner)
            win.map()
            return win
        main = window(60, 80, 400, 300, 0x00ffff, 'NORMAL')
        window(600, 80, 300, 300, 0xff00ff, 'UTILITY')
        window(160, 180, 200, 120, 0xffff00, 'DIALOG', '_NET_WM_STATE_MODAL', main)
        d.flush()
        while True: d.next_event()
        """

    @Test("A locked app's utility window (a palette) and modal dialog (X11 windows on the Shell's Xwayland, typed so from their creation) are hidden with it, also from the Activities overview, and come back on unlock")
    func utilityWindowsAndModalDialogsAreHidden() throws {
        let app = "org.example.Notes"
        let setup = try GuardedAgent(
            app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=notestool\nStartupWMClass=NotesTool\n",
            policy: Self.remoteKeyboardPolicy)
        let environment = setup.environment
        let session = try GnomeShellSession(environment: environment, xwayland: true)
        let guardProcess = try Desktop.startGuard(in: session)
        let client = try session.launch(["/usr/bin/python3", "-c", Self.windowTypesClient], logName: "notestool",
                                        extraVariables: session.x11Variables)
        defer {
            client.stop()
            guardProcess.stop()
            session.stop()
            environment.cleanup()
        }
        func log() -> String {
            guardProcess.logText() + "\n--- the client on \(session.x11Variables)\n" + client.logText()
                + "\n--- gnome-shell\n" + session.logText().suffix(3000)
        }
        // The normal window's cyan, and as the Shell dims it behind its modal dialog.
        let normal = ["#00FFFF", "#00B1B1"], utility = ["#FF00FF"], dialog = ["#FFFF00"]
        func pixels(_ colours: [String], _ label: String) -> Int {
            (try? session.countPixels(colours, keep: Self.artifact("types-\(label)", shellVersion: session.shellVersion))) ?? -1
        }
        func nothingShown(_ label: String) -> Bool {
            pixels(normal, label) == 0 && pixels(utility, label) == 0 && pixels(dialog, label) == 0
        }
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { guardProcess.logText().components(separatedBy: "windowResolved(").count == 4 },
                "the extension reports the three windows: \(log())")
        #expect(waitUntil(timeout: .seconds(20)) { nothingShown("1-locked") }, "none of the app's windows shows: \(log())")
        #expect(session.setOverview(open: true), "the Activities overview opens")
        #expect(waitUntil(timeout: .seconds(20)) { nothingShown("2-overview") }, "the overview shows none of them: \(log())")
        #expect(session.setOverview(open: false), "the Activities overview closes")

        let unlocked = environment.run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"],
                                       input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) {
            pixels(normal, "3-unlocked") > 10_000 && pixels(utility, "3-unlocked") > 10_000 && pixels(dialog, "3-unlocked") > 5_000
        }, "all three come back: \(log())")
    }
}
