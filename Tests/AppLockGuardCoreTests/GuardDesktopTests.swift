import AppLockGuardCore
import AppLockProtocol
import Testing

@Suite("Which desktop the guard runs in")
struct GuardDesktopTests {
    @Test("A compositor's own socket wins, then a Wayland display named by XDG_CURRENT_DESKTOP, then X11")
    func choice() {
        #expect(GuardDesktop.choose(environment: ["SWAYSOCK": "/run/sway.sock", "WAYLAND_DISPLAY": "wayland-1",
                                                  "DISPLAY": ":0"]) == .sway)
        #expect(GuardDesktop.choose(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "x", "WAYLAND_DISPLAY": "w"]) == .hyprland)
        #expect(GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": "w", "XDG_CURRENT_DESKTOP": "KDE"]) == .plasmaWayland)
        #expect(GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": "w", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME",
                                                  "DISPLAY": ":0"]) == .gnomeWayland)
        #expect(GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": "w", "XDG_CURRENT_DESKTOP": "sway"]) == .sway)
        #expect(GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": "w", "XDG_CURRENT_DESKTOP": "river"])
                == .otherWayland("river"))
        #expect(GuardDesktop.choose(environment: ["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME"]) == .x11)
        #expect(GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": ""]) == .none)
    }

    @Test("A Wayland desktop without a backend of its own is guarded when its compositor offers the wlroots protocols")
    func wlrootsProtocols() {
        #expect(GuardDesktop.otherWayland("labwc:wlroots").withWlrProtocols(offered: true) == .wlroots("labwc:wlroots"))
        #expect(GuardDesktop.hyprland.withWlrProtocols(offered: true) == .wlroots("Hyprland"))
        #expect(GuardDesktop.otherWayland("river").withWlrProtocols(offered: false) == .otherWayland("river"))
        for desktop in [GuardDesktop.x11, .sway, .plasmaWayland, .gnomeWayland, .none] {
            #expect(!desktop.mayOfferWlrProtocols)
            #expect(desktop.withWlrProtocols(offered: true) == desktop)
        }
        #expect(GuardDesktop.choose(environment: ["SWAYSOCK": "/run/sway.sock", "WAYLAND_DISPLAY": "w",
                                                  "XDG_CURRENT_DESKTOP": "sway", "APPLOCK_GUARD_BACKEND": "wlroots"])
                == .otherWayland("sway"))
    }

    @Test("Every desktop starts out NOT protecting: the backends wait for their desktop's answer, the others say plainly that windows stay visible")
    func initialReadiness() {
        for desktop in [GuardDesktop.x11, .sway, .plasmaWayland, .gnomeWayland, .wlroots("labwc")] {
            let readiness = GuardReadiness.initial(for: desktop)
            #expect(readiness.reason == .waiting)
            #expect(readiness.statement.hasPrefix("NOT protecting on \(desktop.name): "))
        }
        for desktop in [GuardDesktop.hyprland, .otherWayland("river")] {
            let readiness = GuardReadiness.initial(for: desktop)
            #expect(readiness.reason == .unsupportedDesktop)
            #expect(readiness.statement.contains("this compositor offers no wlr-foreign-toplevel-management"))
            #expect(readiness.statement.contains("windows stay visible"))
        }
        #expect(GuardReadiness.initial(for: .none).reason == .noDisplay)
    }

    @Test("labwc without the wlroots protocols (its privilegedInterfaces withholds them): the statement names the setting and the fix")
    func labwcWithholdsTheProtocols() {
        let desktop = GuardDesktop.choose(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "labwc:wlroots"])
            .withWlrProtocols(offered: false)
        let readiness = GuardReadiness.initial(for: desktop)
        #expect(readiness.reason == .protocolsWithheld)
        #expect(readiness.statement.contains("labwc withholds wlr-foreign-toplevel-management or wlr-layer-shell"))
        #expect(readiness.statement.contains("<privilegedInterfaces>"))
        #expect(readiness.fix.contains("<allow>zwlr_foreign_toplevel_manager_v1</allow>"))
        #expect(readiness.fix.contains("<allow>zwlr_layer_shell_v1</allow>"))
    }
}
