import AppLockTestSupport
import Foundation
import Testing

extension SettingsTests {
    @Test("Tab alone reaches every control of every page and of an app's page, and every control it reaches has a name")
    func everyControlReachableByTab() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        var reached: Set<String> = []
        for (page, firstGroup) in SettingsTests.pages {
            #expect(harness.accessibility.activate(page, role: "page tab"))
            #expect(harness.accessibility.find(firstGroup, showing: true) != nil, "the page \(page) did not show")
            let cycle = harness.accessibility.tabCycle(in: "io.github.applock.Settings")
            #expect(cycle.count > 3, "Tab went round \(cycle) on \(page)")
            for control in cycle {
                #expect(!(control.split(separator: "\t", omittingEmptySubsequences: false).last ?? "").isEmpty,
                        "Tab reached an unnamed control on \(page): \(control)")
            }
            reached.formUnion(cycle)
        }
        // An app's own page, opened from its row.
        #expect(harness.accessibility.activate("Open Notes", role: "push button"))
        #expect(harness.accessibility.find("Protection", showing: true) != nil, "the page of Notes did not show")
        let appPage = harness.accessibility.tabCycle(in: "io.github.applock.Settings")
        #expect(appPage.contains("spin button\tGrace Period for Notes"), "\(appPage)")
        reached.formUnion(appPage)
        let controls = harness.accessibility.tree(of: "io.github.applock.Settings").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, Self.controlRoles.contains(fields[0]),
                  fields[3].split(separator: " ").contains("sensitive") else { return nil }
            return "\(fields[0])\t\(fields[1])"
        }
        #expect(controls.count > 20, "\(controls)")
        // Left out of the Tab chain as in every GTK window: the window's own Close button (Alt+F4, Ctrl+W) and the
        // search field until Search (which Tab reaches) or Ctrl+F opens it.
        #expect(harness.type("", then: ["ctrl+f"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(200)) {
            harness.accessibility.states(of: "Search settings", role: "entry")?.contains("focused") == true
        }, "Ctrl+F does not put the keyboard in the search field")
        for control in Set(controls).subtracting(["push button\tClose", "entry\tSearch settings"]) {
            #expect(reached.contains(control), "Tab never reaches \(control); it reached \(reached.sorted())")
        }
    }

    /// The pages of the window with controls, each with the title of its first group (on screen once the page is).
    static let pages = [("Apps", "Other Apps"), ("When to Lock", "Lock Apps When"), ("Security", "Failed Attempts")]

    /// The roles of the objects a user operates.
    static let controlRoles: Set<String> = [
        "check box", "spin button", "text", "push button", "toggle button", "entry", "page tab",
    ]
}
