import AppLockGuardCore
import AppLockTestSupport
import Foundation
import Testing

/// How a low-vision user sets the desktop up, as GTK 4.8 and libadwaita 1.2 read it on X11. GNOME's Large Text sets
/// `text-scaling-factor`, which gnome-settings-daemon's XSETTINGS manager hands X11 clients as `Xft/DPI` (96 × 1024
/// × the factor), GTK 4's `gtk-xft-dpi`: a stand-in manager serves it here (GTK 4 no longer reads `GDK_DPI_SCALE`,
/// and on X11 its `settings.ini` value is overridden by the backend's). Scale 2 is `GDK_SCALE=2`. GNOME's High Contrast sets
/// `org.gnome.desktop.a11y.interface high-contrast`, which libadwaita 1.2 reads through GSettings (here its keyfile
/// backend) and answers with its own high-contrast style; `GTK_THEME=HighContrast` loads GTK 4.8's own high-contrast
/// theme (`Default-hc`) instead, without libadwaita's styles.
enum LargeView: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case text150 = "text-150"
    case text200 = "text-200"
    case scale2 = "scale-2"
    case highContrast = "high-contrast"
    case gtkHighContrast = "gtk-theme-high-contrast"

    var testDescription: String { rawValue }

    /// The screen in X pixels: 800×600 in GTK's pixels (1600×1200 at scale 2, a HiDPI screen's).
    var screen: (width: Int, height: Int) { self == .scale2 ? (1600, 1200) : (800, 600) }

    /// How much more room the lock window needs (``LockWindowSize/scaled(by:)``): the scale times the text scaling.
    var factor: Double {
        switch self {
        case .text150: 1.5
        case .text200, .scale2: 2
        case .highContrast, .gtkHighContrast: 1
        }
    }

    /// Sets the desktop of `harness` up so; returns the variables the lock window gets.
    func apply(to harness: LockWindowHarness) throws -> [String: String] {
        let environment = harness.environment
        let variables = ["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING": "1"]
        switch self {
        case .text150, .text200:
            try harness.display.serveXSettings("Xft/DPI", Int32(self == .text150 ? 144 : 192) * 1024)
            return variables
        case .scale2:
            return variables.merging(["GDK_SCALE": "2"]) { $1 }
        case .highContrast:
            try Self.write(
                "[org/gnome/desktop/a11y/interface]\nhigh-contrast=true\n",
                to: environment.configHome.appendingPathComponent("glib-2.0/settings/keyfile"))
            return variables.merging(["GSETTINGS_BACKEND": "keyfile"]) { $1 }
        case .gtkHighContrast:
            return variables.merging(["GTK_THEME": "HighContrast"]) { $1 }
        }
    }

    private static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}

/// The lock window and the set-up window whole at large text, scale 2 and high contrast, on an 800×600 screen: every
/// digit key, delete, the prompt, the attempts left and the system-authentication button in view (the window's own
/// check: no text cut, nothing past the cover's edge or scrolled away), as the screenshots show.
@Suite("Lock window at any size", .serialized)
struct LockWindowAtAnySizeTests {
    /// Locks the app (one wrong passcode shows the attempts left) with system authentication offered, and starts
    /// the lock window in a cover of `width` × `height` at the screen's corner; returns once the button is there.
    private func lockWindowInCover(_ harness: LockWindowHarness, view: LargeView, width: Int, height: Int) throws
        -> LockWindowProcess
    {
        try harness.environment.setPolkitAllowed(["io.github.applock.unlock"])
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let parent = try harness.makeParentWindow(x: 0, y: 0, width: width, height: height)
        let window = try harness.startLockWindow(
            ["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)],
            environment: try view.apply(to: harness))
        #expect(waitUntil(timeout: .seconds(15)) {
            harness.accessibleTree().contains { $0.hasPrefix("push button\tUse System Password") }
        }, "\(window.log)")
        #expect(harness.type("0000"))
        #expect(harness.accessibility.find("attempts left") != nil, "\(window.log)")
        return window
    }

    /// The screenshot `shot` shows the ten digit keys whole (and, but in high contrast, whose dimmed colour is
    /// another, the prompt above them); a click on the lowest key (the 0, in the last row), as a user's, enters a
    /// digit. GTK's own HighContrast theme draws its keys white with an outline, which the screenshot's reading does
    /// not find: there the 0 is clicked where AT-SPI says it is (in the window, which is at the screen's corner).
    private func seesEveryKeyAndClicksTheLast(in shot: URL, view: LargeView, _ harness: LockWindowHarness) throws {
        let key: XSession.Rect
        if view == .gtkHighContrast {
            let box = try #require(harness.accessibility.box(of: "Digit 0", role: "push button"), "no Digit 0")
            key = XSession.Rect(x: box.x, y: box.y, width: box.width, height: box.height)
        } else {
            let seen = try LockWindowOnScreen(reading: shot, environment: harness.environment)
            #expect(view == .highContrast ? seen.keys.count == 10 : seen.showsEveryKeyAndThePrompt, "\(seen)")
            key = try #require(seen.keys.max { $0.y < $1.y }, "no key on screen: \(seen)")
        }
        let centre = [String(key.x + key.width / 2), String(key.y + key.height / 2)]
        #expect(harness.display.run(["xdotool", "mousemove"] + centre + ["click", "1"]).succeeded)
        #expect(harness.accessibility.find("1 of 4 digits entered") != nil, "a click on the key at \(key) entered nothing")
    }

    @Test("In a cover of the whole 800×600 screen every key, the prompt, the attempts left and the system-authentication button are in view, and a click on the 0 enters a digit", arguments: LargeView.allCases)
    func fullScreenCover(view: LargeView) throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=3", polkit: true, screen: view.screen)
        let window = try lockWindowInCover(harness, view: view, width: view.screen.width, height: view.screen.height)
        let shot = try harness.screenshot("large-\(view.rawValue)-800x600", checking: window)
        try seesEveryKeyAndClicksTheLast(in: shot, view: view, harness)
    }

    @Test("In a small app window's cover (the compact layout) every key, the prompt, the attempts left and the system-authentication button are in view, and a click on the 0 enters a digit", arguments: LargeView.allCases)
    func smallCover(view: LargeView) throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=3", polkit: true, screen: view.screen)
        let size = LockWindowSize.compact.scaled(by: view.factor)
        let width = min(Int(size.width), view.screen.width), height = min(Int(size.height), view.screen.height)
        let window = try lockWindowInCover(harness, view: view, width: width, height: height)
        let shot = try harness.screenshot("large-\(view.rawValue)-compact", checking: window)
        try seesEveryKeyAndClicksTheLast(in: shot, view: view, harness)
    }

    @Test("The set-up window on an 800×600 screen shows the kinds, every key and the prompt in view", arguments: LargeView.allCases)
    func setUpWindow(view: LargeView) throws {
        let harness = try LockWindowHarness(screen: view.screen)
        let window = try harness.startLockWindow(
            ["set-passcode", "--app-id", LockWindowHarness.app], environment: try view.apply(to: harness))
        #expect(harness.accessibility.find("Choose a new passcode") != nil, "\(window.log)")
        try harness.screenshot("large-\(view.rawValue)-set-up", checking: window)
    }
}
