import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// applock-guard's wlroots backend (wlr-foreign-toplevel-management and wlr-layer-shell) on headless sway, chosen
/// with `APPLOCK_GUARD_BACKEND=wlroots`, over an unmodified foot terminal.
@Suite("Guard on sway through the wlroots protocols", .serialized)
struct WlrootsOnSwayTests {
    /// The guard started without gtk4-layer-shell, as on Debian 12, which has none (empty: not installed).
    static let withoutLayerShell = ["APPLOCK_GTK4_LAYER_SHELL": ""]

    @Test("Without gtk4-layer-shell, the guard says a locked app can be unlocked only with applockctl unlock and names the package; a guarded app is covered while locked and keys typed meanwhile reach nothing; unlocked, it comes back with the focus; a restarted guard covers it again")
    func coversAndUncovers() throws {
        let h = try SwayGuardHarness("wlroots-sway")
        try h.startGuard(backend: "wlroots", variables: Self.withoutLayerShell)
        #expect(waitUntil(timeout: .seconds(10)) {
            h.guardLog().contains("protecting guarded apps on sway (through wlr-foreign-toplevel-management and wlr-layer-shell")
        }, "\(h.guardLog())")
        let status = h.environment.run([try PackageFolders.program("applockctl"), "status"])
        #expect(status.stdout.contains("Guard:   protecting guarded apps on sway (through wlr-foreign-toplevel-management"),
                "\(status.stdout)\(status.stderr)")
        #expect(status.stdout.contains("can be unlocked only with `applockctl unlock` until libgtk4-layer-shell0 is installed"),
                "\(status.stdout)\(status.stderr)")
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-at-launch"), "\(h.guardLog())")
        h.session.type("typed while hidden")
        h.session.key("Return")
        h.session.run(["swaymsg", "[app_id=\"\(SwayGuardHarness.app)\"] focus"])
        h.session.type("typed after focus")
        #expect(h.waitUntilHidden(label: "after-typing"), "\(h.guardLog())")

        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(5)) {
            h.session.windows().first { $0.appID == SwayGuardHarness.app }?.focused == true
        }, "the app has the focus again")
        h.session.type("after")
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!h.recorded().contains("typed"), "keys typed while covered reached the app: \(h.recorded())")

        try h.environment.logindSessionLock()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilHidden(label: "logind-lock"), "\(h.guardLog())")
        #expect(h.killGuard(), "the killed guard is gone from the bus")
        try h.startGuard(backend: "wlroots", variables: Self.withoutLayerShell)
        #expect(h.waitUntilHidden(label: "restarted"), "\(h.guardLog())")
    }
}
