import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension SettingsLanguageTests {
    @Test("In each other language Settings' pages and the not-protecting banner say the catalogue's words with no text clipped, and AT-SPI reads the translated names",
          arguments: TranslatedSession.otherLanguages)
    func settingsTranslated(language: String) throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let unsupported = try harness.startGuardOnUnsupportedDesktop()
        defer { unsupported.terminate() }
        #expect(harness.environment.waitForName(GuardBusNames.busName))
        let session = try TranslatedSession.variables(language, in: harness.environment)
        func text(_ message: String, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, arguments, language: language, in: harness.environment)
        }
        try harness.startSettings(environment: session, ready: try text("Protect %1$s", "Notes"))
        #expect(harness.accessibility.find(try text("Guarded Apps Are Not Hidden"), showing: true) != nil)
        #expect(harness.accessibility.find(try text("Protected Apps"), showing: true) != nil)
        // The statement's words around the desktop and the reason it names.
        let statement = try text("NOT protecting on %1$s: %2$s").replacingOccurrences(of: "%2$s", with: "%1$s")
            .components(separatedBy: "%1$s").max { $0.count < $1.count }?
            .trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":："))) ?? ""
        // (Its first letter capitalised where it begins the row.)
        #expect(harness.accessibility.find(String(statement.dropFirst()), showing: true) != nil, "the guard's statement: \(statement)")
        try harness.screenshot("\(language)-apps-not-protecting")

        #expect(harness.accessibility.activate(try text("Open %1$s", "Notes"), role: "push button"))
        #expect(harness.accessibility.find(try text("These apply to %1$s only", "Notes"), showing: true) != nil)
        #expect(harness.accessibility.find(try text("Grace Period")) != nil)
        // Its minute: the number 1 and the unit in the singular (ngettext's form for 1).
        let minute = try TranslatedSession.text("minute", plural: "minutes", count: 1, language: language, in: harness.environment)
        #expect(harness.accessibility.tree(of: "io.github.applock.Settings").contains { $0.hasPrefix("label\t\(minute)\t") },
                "the grace period's unit is not \(minute)")
        try harness.screenshot("\(language)-app-page")

        #expect(harness.accessibility.activate(try text("Back to Apps"), role: "push button"))
        #expect(harness.accessibility.activate(try text("When to Lock"), role: "page tab"))
        #expect(harness.accessibility.find(try text("Lock Apps When"), showing: true) != nil)
        #expect(harness.accessibility.find(try text("Screen Lock"), showing: true) != nil)
        try harness.screenshot("\(language)-when-to-lock")
        #expect(harness.accessibility.activate(try text("Security"), role: "page tab"))
        #expect(harness.accessibility.find(try text("Failed Attempts Allowed"), showing: true) != nil)
        try harness.screenshot("\(language)-security")

        _ = try harness.client.call("Lock", [.string(SettingsHarness.app)])
        #expect(harness.accessibility.activate(try text("Recent Locks"), role: "page tab"))
        let hidden = try text("%1$s hidden", "Notes"), locked = try text("%1$s locked", "Notes")
        #expect(harness.accessibility.find(hidden, showing: true) != nil || harness.accessibility.find(locked, showing: true) != nil)
        try harness.screenshot("\(language)-recent-locks")
        let tree = harness.accessibility.tree(of: "io.github.applock.Settings")
        #expect(!tree.contains { $0.contains("\tProtect Notes\t") || $0.contains("\tRecent Locks\t") }, "English left: \(tree)")
    }
}
