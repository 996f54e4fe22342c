import AppLockTestSupport
import Foundation
import Testing

extension SettingsTests {
    @Test("The Apps page lists apps whose desktop-file ids have no dot (firefox-esr) by their real names, and the window's search for \"firefox\" finds it")
    func desktopFileIDsWithoutADotAreListedAndFound() throws {
        let harness = try SettingsHarness()
        let applications = harness.environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Firefox ESR\nIcon=firefox-esr\nExec=firefox-esr %u\nStartupWMClass=firefox-esr\n"
            .write(to: applications.appendingPathComponent("firefox-esr.desktop"), atomically: true, encoding: .utf8)
        try harness.startSettings()
        #expect(harness.accessibility.find("Protect Firefox ESR") != nil, "the Apps page lists firefox-esr: \(harness.log)")

        #expect(harness.accessibility.find("Apps → Other Apps", timeout: 2) == nil, "no search result yet")
        // Typing into the window starts its search, as in every libadwaita preferences window.
        #expect(harness.type("firefox"))
        #expect(harness.accessibility.find("Apps → Other Apps", showing: true) != nil, "a search result")
        #expect(harness.accessibility.find("Firefox ESR", showing: true) != nil, "the search finds firefox-esr")
        try harness.screenshot("search-firefox")
    }
}
