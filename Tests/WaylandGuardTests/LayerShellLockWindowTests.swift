import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// The lock window as a layer-shell surface above the wlroots backend's overlay, on sway, which ignores
/// `set_minimized` as niri and Hyprland do: the guard preloads gtk4-layer-shell (`libgtk4-layer-shell0`, Debian 13
/// and later; Debian 12 has none, so `make test` runs this suite only in the chroots).
@Suite("Lock window above the overlay on a compositor that ignores minimise", .serialized)
struct LayerShellLockWindowTests {
    @Test("Reached for, the lock window comes above the guard's cover on the overlay layer with the keyboard, its title bar with no minimise or maximise button (neither works there); the passcode typed into it unlocks, and no pixel of the app shows before")
    func passcodeTypedAboveTheOverlayUnlocks() throws {
        let h = try SwayGuardHarness("layer-shell")
        try h.startGuard(backend: "wlroots")
        #expect(waitUntil(timeout: .seconds(10)) {
            h.guardLog().contains("protecting guarded apps on sway (through wlr-foreign-toplevel-management and wlr-layer-shell)\n")
        }, "protecting with no caveat: \(h.guardLog())")
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-at-launch"), "\(h.guardLog())")
        h.session.run(["swaymsg", "[app_id=\"\(SwayGuardHarness.app)\"] focus"])

        #expect(waitUntil(timeout: .seconds(20)) {
            h.guardLog().contains("applock-lock-window: on the overlay layer")
                && (try? h.screenPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
        }, "the lock window is drawn on the overlay layer: \(h.guardLog())")
        #expect(h.lockWindow() == nil, "the lock window is no toplevel: \(h.session.windows())")
        #expect(try h.visibleAppPixels(label: "lock-window-above-overlay") == 0, "no pixel of the app shows")
        // A layer surface cannot be minimised or maximised: its title bar shows the close button alone (the lock
        // window, 420 × 660, is centred on the 1280 × 800 output; its round buttons are #E6E6E7).
        let shot = h.environment.root.appendingPathComponent("shot.png")
        func buttonPixels(_ crop: String) throws -> Int {
            try ImageProbe.pixelCount(in: shot, crop: crop, colours: ["#E6E6E7"], environment: h.environment)
        }
        #expect(try buttonPixels("70x30+730+78") == 0, "no minimise or maximise button left of the close button")
        #expect(try buttonPixels("40x30+808+78") > 100, "the close button")

        // A digit passcode is sent once its last digit is typed: all but that one first, the app still hidden.
        let passcode = SwayGuardHarness.passcode
        Self.type(String(passcode.dropLast()), on: h.session)
        #expect(try h.visibleAppPixels(label: "passcode-typed-but-one") == 0, "no pixel of the app shows while typing")
        #expect(h.state() == "locked", "still locked before the last digit")
        Self.type(String(passcode.suffix(1)), on: h.session)
        #expect(h.waitForState("unlocked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? h.screenPixels(SwayGuardHarness.lockWindowColours)) ?? 1 < 1_000
        }, "the lock window is gone")
        #expect(waitUntil(timeout: .seconds(5)) {
            h.session.windows().first { $0.appID == SwayGuardHarness.app }?.focused == true
        }, "the app has the focus again")
        h.session.type("after")
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!h.recorded().contains(passcode), "the passcode reached the app: \(h.recorded())")
    }

    /// Types `text` with one run of wtype that first presses Shift alone and waits 300 ms: GTK drops a key that
    /// arrives before it has taken the run's keymap, which 100 ms did not always cover on a loaded machine, and a
    /// dropped digit would leave the passcode short.
    static func type(_ text: String, on session: SwaySession) {
        session.run(["wtype", "-k", "Shift_L", "-s", "300", "-d", "10", text])
    }
}
