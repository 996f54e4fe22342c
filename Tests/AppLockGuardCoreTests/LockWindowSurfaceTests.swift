import AppLockGuardCore
import Testing

@Suite struct LockWindowSurfaceTests {
    let library = "/usr/lib/x86_64-linux-gnu/libgtk4-layer-shell.so.0"

    @Test func aCompositorThatMinimisesKeepsTheToplevelLockWindow() {
        #expect(LockWindowSurface.choose(desktopName: "labwc:wlroots", layerShellLibrary: library) == .toplevel)
        #expect(LockWindowSurface.choose(desktopName: "Wayfire", layerShellLibrary: nil) == .toplevel)
        #expect(LockWindowSurface.choose(desktopName: "labwc", layerShellLibrary: nil).caveat == nil)
    }

    @Test func elsewhereTheLockWindowGoesOnTheOverlayLayer() {
        for name in ["sway", "niri", "Hyprland", "river", "unknown"] {
            #expect(LockWindowSurface.choose(desktopName: name, layerShellLibrary: library) == .overlayLayer(library: library))
        }
        #expect(LockWindowSurface.choose(desktopName: "niri", layerShellLibrary: library).caveat == nil)
    }

    @Test func withoutGtk4LayerShellTheStatementSaysOnlyApplockctlUnlocksAndNamesThePackage() throws {
        let surface = LockWindowSurface.choose(desktopName: "Hyprland", layerShellLibrary: nil)
        #expect(surface == .underTheOverlay)
        let caveat = try #require(surface.caveat)
        #expect(caveat.contains("can be unlocked only with `applockctl unlock`"))
        #expect(caveat.contains("until libgtk4-layer-shell0 is installed"))
    }
}
