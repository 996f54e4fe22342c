import AppLockTestSupport
import Foundation
import Testing

extension SettingsLanguageTests {
    @Test("In Hebrew (LANGUAGE=he, po/he.po) Settings is mirrored as GTK mirrors: an app row's icon on the right and its open button on the left, the app page's back button at the header's right end; in Hebrew, no text clipped")
    func settingsMirrorsInHebrew() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let hebrew = try TranslatedSession.variables("he", in: harness.environment)
        func text(_ message: String, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, arguments, language: "he", in: harness.environment)
        }
        try harness.startSettings(environment: hebrew, ready: try text("Protect %1$s", "Notes"))
        #expect(harness.accessibility.find(try text("Protected Apps"), showing: true) != nil)
        let window = try #require(harness.accessibility.box(of: try text("AppLock Settings"), role: "frame"))
        let icon = try #require(harness.accessibility.box(of: try text("%1$s icon", "Notes")))
        let protect = try #require(harness.accessibility.box(of: try text("Protect %1$s", "Notes")))
        let open = try #require(harness.accessibility.box(of: try text("Open %1$s", "Notes"), role: "push button"))
        #expect(open.x < protect.x && protect.x < icon.x, "right to left: open \(open), switch \(protect), icon \(icon)")
        #expect(icon.x > window.width / 2, "the icon in the right half of \(window): \(icon)")
        try harness.screenshot("hebrew-apps")

        #expect(harness.accessibility.activate(try text("Open %1$s", "Notes"), role: "push button"))
        #expect(harness.accessibility.find(try text("These apply to %1$s only", "Notes"), showing: true) != nil)
        let back = try #require(harness.accessibility.box(of: try text("Back to Apps"), role: "push button"))
        #expect(back.x > window.width / 2, "the back button at the header's right end of \(window): \(back)")
        try harness.screenshot("hebrew-app-page")
        #expect(harness.accessibility.activate(try text("Back to Apps"), role: "push button"))
        #expect(harness.accessibility.activate(try text("Security"), role: "page tab"))
        #expect(harness.accessibility.find(try text("Failed Attempts Allowed"), showing: true) != nil)
        try harness.screenshot("hebrew-security")
    }
}
