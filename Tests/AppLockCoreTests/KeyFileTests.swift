import Testing
@testable import AppLockCore

@Suite struct KeyFileTests {
    @Test func parsesGroupsEntriesCommentsAndEscapes() throws {
        let text = """
        # a comment

        [Policy]
        GracePeriod = 30
        Name[de]=ignored
        Text=a\\sb\\tc\\nd\\\\e\\;f
          LockOnLaunch=false  \r
        [X-Other]
        Key=1
        """
        let kf = try KeyFile.parse(text, fileName: "applock.conf")
        #expect(kf.groups.map(\.name) == ["Policy", "X-Other"])
        let policy = try #require(kf.group("Policy"))
        #expect(policy.entries.map(\.key) == ["GracePeriod", "Text", "LockOnLaunch"])
        #expect(policy.entry("GracePeriod")?.value == "30")
        #expect(policy.entry("GracePeriod")?.line == 4)
        #expect(policy.entry("Text")?.value == "a b\tc\nd\\e;f")
        #expect(policy.entry("LockOnLaunch")?.value == "false")
        #expect(policy.entry("LockOnLaunch")?.line == 7)
    }

    @Test(arguments: [
        ("Key=1\n", 1, "Key", "entry before the first [Group]"),
        ("[Policy]\nnot an entry\n", 2, "", "expected Key=Value"),
        ("[Policy]\n=3\n", 2, "", "missing key"),
        ("[Policy\n", 1, "", "malformed group header"),
        ("[Policy]\n[Policy]\n", 2, "", "appears twice"),
        ("[Policy]\nA=1\nA=2\n", 3, "A", "appears twice"),
        ("[Policy]\nA=\\x\n", 2, "A", "unknown escape"),
        ("[Policy]\nA=x\\\n", 2, "A", "lone backslash"),
        ("[Policy]\nA_b=1\n", 2, "A_b", "key may only contain"),
    ])
    func reportsErrorsWithFileLineAndKey(_ text: String, _ line: Int, _ key: String, _ problem: String) {
        do {
            _ = try KeyFile.parse(text, fileName: "f.conf")
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "f.conf")
            #expect(error.line == line)
            #expect(error.key == key)
            #expect(error.problem.contains(problem))
            let prefix = key.isEmpty ? "f.conf:\(line): " : "f.conf:\(line): \(key): "
            #expect(error.description.hasPrefix(prefix))
        }
    }

    @Test func listItemsSplitOnSemicolonOrComma() {
        #expect(KeyFile.listItems("60,300;900; 3600;") == ["60", "300", "900", "3600"])
        #expect(KeyFile.listItems("") == [])
    }
}

@Suite struct KeyFileEditingTests {
    @Test func replacesInsertsOrAppendsAndKeepsEverythingElse() throws {
        let existing = "# mine\n[Policy]\nGracePeriod=5\nGuard=false\n"
        #expect(try KeyFile.setting("Guard", to: "true", inGroup: "Policy", of: existing, fileName: "a.conf")
            == "# mine\n[Policy]\nGracePeriod=5\nGuard=true\n")
        #expect(try KeyFile.setting("Guard", to: "true", inGroup: "Policy", of: "[Policy]\nGracePeriod=5\n", fileName: "a")
            == "[Policy]\nGuard=true\nGracePeriod=5\n")
        #expect(try KeyFile.setting("Guard", to: "true", inGroup: "Policy", of: "[Other]\nX=1", fileName: "a")
            == "[Other]\nX=1\n\n[Policy]\nGuard=true\n")
        #expect(try KeyFile.setting("Guard", to: "true", inGroup: "Policy", of: "", fileName: "a") == "[Policy]\nGuard=true\n")
    }

    @Test func aBrokenFileIsRefused() {
        #expect(throws: KeyFileError.self) {
            try KeyFile.setting("Guard", to: "true", inGroup: "Policy", of: "[Policy]\nnot a line\n", fileName: "a")
        }
    }
}
