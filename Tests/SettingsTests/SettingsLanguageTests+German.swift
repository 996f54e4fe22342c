import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension SettingsLanguageTests {
    @Test("In German (LANGUAGE=de) Settings' pages, the not-protecting banner with the guard's own statement and fix, the passcode kinds and the policy keys' rows read in German, and AT-SPI reads the German names")
    func settingsInGerman() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let unsupported = try harness.startGuardOnUnsupportedDesktop()
        defer { unsupported.terminate() }
        #expect(harness.environment.waitForName(GuardBusNames.busName))
        let german = try TranslatedSession.variables("de", in: harness.environment)
        try harness.startSettings(environment: german, ready: "Notes schützen")
        #expect(harness.accessibility.find("Bewachte Anwendungen werden nicht verborgen", showing: true) != nil)
        #expect(harness.accessibility.find("Geschützte Anwendungen", showing: true) != nil)
        #expect(harness.accessibility.find("Schützt NICHT unter dieser Wayland-Arbeitsumgebung (river): dieser Compositor bietet kein wlr-foreign-toplevel-management", showing: true) != nil,
                "the guard's statement in German, its first letter capitalised")
        #expect(harness.accessibility.find("Verwenden Sie labwc, GNOME, KDE Plasma, sway oder eine X11-Sitzung", showing: true) != nil,
                "the guard's fix in German")
        try harness.screenshot("german-apps-not-protecting")

        #expect(harness.accessibility.activate("Notes öffnen", role: "push button"))
        #expect(harness.accessibility.find("Karenzzeit für Notes") != nil)
        #expect(harness.accessibility.find("Diese gelten nur für Notes", showing: true) != nil)
        #expect(harness.accessibility.find("Noch keiner. Erlaubte Arten: 4 Ziffern, 6 Ziffern, Numerisch, Passwort", showing: true) != nil,
                "the passcode kinds by their German names")
        try harness.screenshot("german-app-page")

        #expect(harness.accessibility.activate("Zurück zu den Anwendungen", role: "push button"))
        #expect(harness.accessibility.activate("Wann sperren", role: "page tab"))
        #expect(harness.accessibility.find("Anwendungen sperren bei", showing: true) != nil)
        #expect(harness.accessibility.find("Bildschirmsperre", showing: true) != nil)
        try harness.screenshot("german-when-to-lock")
        #expect(harness.accessibility.activate("Sicherheit", role: "page tab"))
        #expect(harness.accessibility.find("Erlaubte Fehlversuche", showing: true) != nil)
        try harness.screenshot("german-security")

        _ = try harness.client.call("Lock", [.string(SettingsHarness.app)])
        #expect(harness.accessibility.activate("Letzte Sperren", role: "page tab"))
        #expect(harness.accessibility.find("Notes verborgen", showing: true) != nil
                    || harness.accessibility.find("Notes gesperrt", showing: true) != nil)
        try harness.screenshot("german-recent-locks")
        let tree = harness.accessibility.tree(of: "io.github.applock.Settings")
        #expect(!tree.contains { $0.contains("\tProtect Notes\t") || $0.contains("\tRecent Locks\t") }, "English left: \(tree)")
    }
}
