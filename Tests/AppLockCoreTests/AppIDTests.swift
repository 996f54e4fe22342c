import Testing
@testable import AppLockCore
import AppLockProtocol

@Suite struct AppIDTests {
    @Test(arguments: [
        "org.gnome.Evolution", "org.example.Notes", "a.b", "org.example.my-app", "org.example.my_app",
        "io.github.x1.App2", "com.example.App.Sub", "_a.b", "org.example.4th",
        // Desktop-file ids that are not reverse-DNS: Debian's own, a subfolder's, Snap's, ones starting with a digit.
        "firefox-esr", "chromium", "libreoffice-writer", "debian-xterm", "python3.11", "kde-kwrite", "firefox_firefox",
        "7zip", "gnome-c++-ide", "a", "org..example", "org.example.",
    ])
    func acceptsValidIDs(_ s: String) throws {
        let id = try AppID(s)
        #expect(id.rawValue == s)
    }

    @Test(arguments: [
        ("", AppIDError.empty),
        (".org.example", .startsWithDot),
        ("..", .startsWithDot),
        ("-a.b", .startsWithDash),
        ("--help", .startsWithDash),
        ("org.example.Notes.desktop/x", .invalidCharacter("/")),
        ("org\\x2dexample", .invalidCharacter("\\")),
        ("org.example:1", .invalidCharacter(":")),
        ("org.exa mple", .invalidCharacter(" ")),
        ("org.exämple", .invalidCharacter("ä")),
        ("org/example", .invalidCharacter("/")),
    ])
    func rejectsInvalidIDs(_ s: String, _ expected: AppIDError) {
        #expect(throws: expected) { try AppID(s) }
    }

    @Test func lengthLimitIs255Bytes() throws {
        let ok = String(repeating: "b", count: 255)
        #expect(try AppID(ok).rawValue.utf8.count == 255)
        #expect(throws: AppIDError.tooLong(bytes: 256)) { try AppID(ok + "c") }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(AppIDError.startsWithDash.description == "app id must not start with a dash")
        #expect(AppIDError.invalidCharacter(" ").description.contains("U+20"))
    }

    @Test(arguments: [
        ("org.example.Notes", "org_2eexample_2eNotes"),
        ("org.example.my-app", "org_2eexample_2emy_2dapp"),
        ("org.example.my_app", "org_2eexample_2emy_5fapp"),
        ("a.B9", "a_2eB9"),
        ("firefox-esr", "firefox_2desr"),
        ("gnome-c++-ide", "gnome_2dc_2b_2b_2dide"),
        ("7zip", "7zip"),
    ])
    func objectPathLabelEscapesEveryNonAlphanumericByte(_ raw: String, _ label: String) throws {
        let id = try AppID(raw)
        #expect(id.objectPathLabel == label)
        #expect(AppID(objectPathLabel: label) == id)
    }

    @Test(arguments: ["org_2E_example", "org_2", "org_zzexample", "org_61b", "org-x_2ey", "_2eorg_2ex", "_2dhelp", "org_2fx", ""])
    func malformedLabelsDoNotDecode(_ label: String) {
        #expect(AppID(objectPathLabel: label) == nil)
    }

    @Test func sortsByRawValue() {
        let ids = [appID("org.b.App"), appID("org.a.App"), appID("com.z.App")]
        #expect(ids.sorted().map(\.rawValue) == ["com.z.App", "org.a.App", "org.b.App"])
    }
}
