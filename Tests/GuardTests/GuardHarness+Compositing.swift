import AppLockTestSupport
import Foundation
import Testing

/// A compositing desktop for the guard (picom over openbox, drawing every window from its own pixmap), and what the
/// whole screen shows.
extension GuardHarness {
    /// Starts picom (its XRender backend, no fading) and waits until it owns `_NET_WM_CM_S0`.
    func startCompositor() throws {
        apps.append(try session.launch(
            ["picom", "--backend", "xrender", "--no-fading-openclose", "--config", "/dev/null"], logName: "picom"))
        guard waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(50), { self.compositorRunning() }) else {
            throw TestSupportError("picom never owned _NET_WM_CM_S0")
        }
    }

    /// Whether a compositing manager owns the `_NET_WM_CM_S0` selection (asked with python3-xlib).
    func compositorRunning() -> Bool {
        let script = """
            from Xlib import display
            d = display.Display()
            owner = d.get_selection_owner(d.intern_atom('_NET_WM_CM_S0'))
            print(getattr(owner, 'id', owner))
            """
        let answer = session.run(["/usr/bin/python3", "-c", script]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return !answer.isEmpty && answer != "0"
    }

    /// Whether the window is minimised and off the screen: ICCCM `IconicState`, and unmapped, so that no compositor
    /// can name a pixmap of it (`NameWindowPixmap` takes only viewable windows) to draw in a switcher or overview.
    func isMinimisedOffScreen(_ window: UInt32) -> Bool {
        let state = session.run(["xprop", "-id", String(window), "WM_STATE"]).stdout
        let info = session.run(["xwininfo", "-id", String(window)]).stdout
        return state.contains("window state: Iconic") && info.contains("Map State: IsUnMapped")
    }

    /// How many pixels of `colours` (by default the app's own) the whole screen shows; the screenshot is kept as
    /// `label` when given.
    func pixelsOnScreen(_ colours: [String] = appColours, label: String?) throws -> Int {
        let shot = environment.root.appendingPathComponent("screen.png")
        try session.screenshot(to: shot)
        if let label { keep(shot, label: label) }
        return try session.pixelCount(in: shot, rect: XSession.Rect(x: 0, y: 0, width: 1280, height: 800), colours: colours)
    }
}
