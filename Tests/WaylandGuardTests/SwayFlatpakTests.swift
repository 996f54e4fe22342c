import AppLockTestSupport
import Foundation
import Testing

/// A Flatpak app built offline under the guard on the host's headless sway 1.7 (Debian 12), started with `flatpak
/// run` as a native Wayland client. Outside `DEBIAN13_SUITES`: the chroots have no flatpak.
@Suite("A Flatpak app under the guard on sway", .serialized)
struct SwayFlatpakTests {
    @Test("A Flatpak app built offline on sway (org.example.Flat: foot in a runtime made of this machine's binaries, installed from a local repository into the user's installation), guarded by its Flatpak id, its Wayland app id, started with flatpak run: hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, a second sandboxed window hidden while locked, and logind Lock hides both")
    func flatpak() throws {
        let h = try SwayGuardHarness("sway-flatpak", app: FlatpakTestApp.id)
        try FlatpakTestApp.install(h.environment)
        try h.startGuard()
        let variables = FlatpakTestApp.variables(h.environment)
        try h.walkThrough(appID: FlatpakTestApp.id) {
            try h.startOffline(["flatpak", "run", FlatpakTestApp.id], appID: FlatpakTestApp.id, variables: variables,
                               label: "first")
        } openSecond: {
            try h.startOffline(["flatpak", "run", FlatpakTestApp.id], appID: FlatpakTestApp.id, variables: variables,
                               label: "second")
        }
    }
}
