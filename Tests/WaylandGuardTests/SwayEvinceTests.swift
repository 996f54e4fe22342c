import AppLockTestSupport
import Foundation
import Testing

/// Debian 12's evince 43 under the guard on the host's sway 1.7: its Wayland app id is `evince`, not its desktop-file
/// id, and its desktop file has no `StartupWMClass`, so its `Exec` program names its app. Host only (a file of its own,
/// so that `DEBIAN13_SUITES`' filter `SwayRealAppTests` leaves it out): the chroots have no evince.
@Suite("evince under the guard on sway", .serialized)
struct SwayEvinceTests {
    /// How evince is started.
    enum Launch: String, CaseIterable, CustomStringConvertible {
        /// `gtk-launch org.gnome.Evince.desktop`: a menu or a dock (`GIO_LAUNCHED_DESKTOP_FILE`).
        case desktopEntry
        /// The command typed into a terminal: nothing but the window's app id names the app.
        case terminal
        var description: String { rawValue }
    }

    @Test("evince on sway, guarded as org.gnome.Evince (Debian 12's evince 43 names its Wayland window evince, and its desktop file has no StartupWMClass: found by its Exec program), started from its desktop entry or typed into a terminal, showing a magenta PDF: hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, a second document in a process of its own hidden while locked, and logind Lock hides both", arguments: Launch.allCases)
    func evince(launch: Launch) throws {
        let h = try SwayGuardHarness("sway-evince-\(launch)", app: "org.gnome.Evince")
        let first = try MagentaDocuments.pdf("first", in: h.environment.root)
        let second = try MagentaDocuments.pdf("second", in: h.environment.root)
        try h.startGuard()
        let variables = ["GTK_A11Y": "none", "GDK_BACKEND": "wayland"]
        let command = switch launch {
        case .desktopEntry: ["gtk-launch", "org.gnome.Evince.desktop", first.path]
        case .terminal: ["evince", first.path]
        }
        try h.walkThrough(appID: "evince") {
            try h.startOffline(command, appID: "evince", variables: variables, label: "first")
        } openSecond: {
            try h.startOffline(["evince", second.path], appID: "evince", variables: variables, label: "second")
        }
    }
}
