import AppLockTestSupport
import Foundation
import Testing

/// A window is matched whenever a fact about it appears or changes, not only when the guard first sees it.
extension GuardTests {
    @Test("A window that names itself the guarded app's after it is mapped (_GTK_APPLICATION_ID set later, as GTK does; WM_CLASS changed later) is covered at once, and, having the focus, gets the lock window; the passcode typed into it uncovers it")
    func aWindowNamedLaterIsCoveredAtOnce() throws {
        let h = try GuardHarness("late-names")
        try h.startGuard()
        func startTerm(_ className: String, geometry: String) throws -> UInt32 {
            h.apps.append(try h.session.launch([
                "xterm", "-class", className, "-bg", "magenta", "-fg", "yellow", "-geometry", geometry,
                "-e", "sh", "-c", "exec cat > '\(h.recorder.path)'",
            ], logName: className))
            var window: UInt32?
            _ = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
                window = h.session.windows(ofClass: className).first
                return window != nil
            }
            return try #require(window, "the xterm of class \(className) did not map a window")
        }

        let first = try startTerm("LateTerm", geometry: "60x20+80+80")
        h.session.xdotool(["windowactivate", "--sync", String(first)])
        #expect(h.waitUntilCovered(first, false, label: "not-yet-named"), "nobody's window stays uncovered")
        #expect(h.visibleCovers().isEmpty)
        let named = h.session.run(["xprop", "-id", String(first), "-f", "_GTK_APPLICATION_ID", "8u",
                                   "-set", "_GTK_APPLICATION_ID", GuardHarness.app])
        #expect(named.succeeded, "\(named.stderr)")
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(first, label: "named-by-gtk-application-id"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.keyboardGrabsByLockWindows() >= 1 },
                "the focused window is reached for: its lock window takes the keyboard\n\(h.guardLog())")
        #expect(h.guardLog().contains("window 0x\(String(first, radix: 16)) is \(GuardHarness.app)'s"), "the match is logged")

        let second = try startTerm("LaterTerm", geometry: "40x10+600+400")
        #expect(h.waitUntilCovered(second, false, label: "second-not-yet-named"))
        h.session.xdotool(["set_window", "--classname", "later", "--class", GuardHarness.appClass, String(second)])
        #expect(h.waitUntilCovered(second, label: "named-by-wm-class"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(first, label: "first-still-covered"), "\(h.guardLog())")

        h.session.xdotool(["windowactivate", "--sync", String(first)])
        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(first, false, label: "unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(second, false, label: "second-unlocked"), "\(h.guardLog())")
    }
}
