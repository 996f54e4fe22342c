import AppLockTestSupport
import Foundation
import Testing

extension SettingsLanguageTests {
    @Test("In German and Hebrew the AppLock Passcode row, an app page's passcode and switch rows and Unlock Together read the catalogue's words, no text clipped; in Hebrew the switch row's button is left of its words",
          arguments: ["de", "he"])
    func sharedPasscodeRowsTranslated(language: String) throws {
        // A word of Unlock Together's title or subtitle typed into the window's search (the row is last on its page;
        // xdotool types no Hebrew letters but the first).
        let searched = ["de": "gemeinsam", "he": "AppLock"][language] ?? ""
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        _ = try harness.client.call("SetSharedPasscode", [.string("2468"), .string("four-digit")])
        _ = try harness.client.call("UseSharedPasscode", [.string(SettingsHarness.app)])
        let session = try TranslatedSession.variables(language, in: harness.environment)
        func text(_ message: String, plural: String? = nil, count: Int = 1, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, plural: plural, count: count, arguments, language: language, in: harness.environment)
        }
        try harness.startSettings(environment: session, ready: try text("Protect %1$s", "Notes"))

        #expect(harness.accessibility.activate(try text("Security"), role: "page tab"))
        #expect(harness.accessibility.find(try text("AppLock Passcode"), showing: true) != nil)
        let used = try text("Used by %d app", plural: "Used by %d apps", count: 1, "1")
        #expect(harness.accessibility.find(used, showing: true) != nil, "\(used) not shown: \(harness.log)")
        try harness.screenshot("\(language)-security-applock-passcode")

        #expect(harness.accessibility.activate(try text("Apps"), role: "page tab"))
        #expect(harness.accessibility.activate(try text("Open %1$s", "Notes"), role: "push button"))
        let source = try text("AppLock passcode (%1$s)", try text("4 Digits"))
        #expect(harness.accessibility.find(source, showing: true) != nil, "\(source) not shown")
        let ownTitle = try text("Its Own Passcode")
        #expect(harness.accessibility.find(ownTitle, showing: true) != nil)
        if language == "he" {
            let window = try #require(harness.accessibility.box(of: try text("AppLock Settings"), role: "frame"))
            let button = try #require(harness.accessibility.box(of: try text("Use Its Own Passcode…"), role: "push button"))
            #expect(button.x < window.width / 2, "the switch button at the row's left end in \(window): \(button)")
        }
        try harness.screenshot("\(language)-app-page-applock-passcode")

        #expect(harness.accessibility.activate(try text("Back to Apps"), role: "push button"))
        #expect(harness.accessibility.activate(try text("When to Lock"), role: "page tab"))
        #expect(harness.accessibility.find(try text("For the apps that use the AppLock passcode")) != nil)
        #expect(harness.type(searched))
        #expect(harness.accessibility.find(try text("Unlock Together After a Screen Lock"), showing: true) != nil,
                "the search for \(searched) does not show Unlock Together")
        try harness.screenshot("\(language)-search-unlock-together")
        let tree = harness.accessibility.tree(of: "io.github.applock.Settings")
        #expect(!tree.contains { $0.contains("AppLock passcode (") || $0.contains("Unlock Together After") }, "English left: \(tree)")
    }
}
