import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// One desktop for a lock-window test (an ``AccessibleDesktop``: the real agent, keyring, Xvfb with openbox, AT-SPI
/// and the app `org.example.Notes`), with a stand-in for the guard's cover and the lock window started in it.
final class LockWindowHarness: AccessibleDesktop {
    private var parentProcess: Process?

    /// `policy` is the body of the app's `[Policy]` group; `polkit` puts the polkitd mock on a private system bus;
    /// `screen` is the display's size. The pointer rests in the screen's corner, off every key, before any window
    /// comes (a key under it is drawn in another colour, and a pointer moved off once a window is up races the
    /// screenshot that follows).
    init(policy: String? = nil, polkit: Bool = false, screen: (width: Int, height: Int) = (1280, 800)) throws {
        try super.init(
            artifacts: "lock-window", appPolicy: policy.map { "[Policy]\n\($0)\n" }, polkit: polkit, screen: screen)
        let moved = display.run(["xdotool", "mousemove", "0", "0"])
        guard moved.succeeded else { throw TestSupportError("xdotool could not move the pointer: \(moved)") }
    }

    /// Gives the app a passcode and locks it.
    func lockWithPasscode(_ passcode: String, kind: String) throws {
        _ = try client.call("SetPasscode", [.string(Self.app), .string(passcode), .string(kind)])
        _ = try client.call("Lock", [.string(Self.app)])
        #expect(try client.state(Self.app) == "locked")
    }

    /// Maps a stand-in for the guard's cover at `x`, `y` and returns its X window id.
    func makeParentWindow(x: Int = 240, y: Int = 100, width: Int = 800, height: Int = 600) throws -> UInt {
        let (id, owner) = try display.mapCoverWindow(x: x, y: y, width: width, height: height)
        parentProcess = owner
        return id
    }

    /// Ends the process that owns the parent window (so the X server destroys the window).
    func destroyParentWindow() {
        parentProcess?.terminate()
    }

    /// Starts `applock-lock-window` with `arguments` (and `environment`, e.g. ``TranslatedSession``'s); returns once
    /// the window is shown (and, inside a parent, holds the keyboard).
    func startLockWindow(_ arguments: [String], environment: [String: String] = [:]) throws -> LockWindowProcess {
        let process = try LockWindowProcess(arguments, desktop: self, environment: environment)
        let ready = arguments.contains("--parent") ? "keyboard grabbed" : "shown"
        guard waitUntil(timeout: .seconds(20), { process.log.contains(ready) || !process.isRunning }),
              process.isRunning else {
            throw TestSupportError("applock-lock-window did not show: \(process.log)")
        }
        return process
    }

    /// Locks the app with `passcode` and starts the lock window for it inside a stand-in for the guard's cover; returns
    /// once it takes a passcode: its keypad or entry is sensitive, which it is only once the agent has said the app
    /// has a passcode (keys typed before reach no key, as a person sees on the greyed keypad).
    func startLockWindowInCover(passcode: String, kind: String) throws -> LockWindowProcess {
        try lockWithPasscode(passcode, kind: kind)
        let parent = try makeParentWindow()
        let window = try startLockWindow(["lock", "--app-id", Self.app, "--parent", String(parent)])
        let (name, role) = kind == "alphanumeric" ? ("Passcode", "password text") : ("Digit 1", "push button")
        guard waitUntil(timeout: .seconds(20), { accessibility.states(of: name, role: role)?.contains("sensitive") == true })
        else {
            throw TestSupportError("the lock window never took a passcode: \(accessibility.states(of: name, role: role) ?? [])\n\(window.log)")
        }
        return window
    }

    /// Saves the screenshot, then holds `window` (started with `APPLOCK_LOCK_WINDOW_CHECK_CLIPPING=1`) to what a user
    /// would see: no text on it cut short or cut off. It checks its labels once a second; the first check after the
    /// screenshot is the one that counts.
    @discardableResult
    func screenshot(_ name: String, checking window: LockWindowProcess) throws -> URL {
        let url = try screenshot(name)
        let clipped = ClippingCheck.nextReport { window.log }
        #expect(clipped != nil, "\(name): the lock window made no clipping check: \(window.log)")
        #expect(clipped == nil || clipped == "none", "\(name).png: text that does not fit: \(clipped ?? "")")
        return url
    }

    /// Every accessible object of the lock window, as `role<TAB>name<TAB>text<TAB>states` lines.
    func accessibleTree() -> [String] {
        accessibility.tree(of: "applock-lock-window")
    }

    /// The app's state on the bus.
    func state() throws -> String {
        try client.state(Self.app)
    }
}
