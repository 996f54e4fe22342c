import Testing
@testable import AppLockCore
import AppLockProtocol

@Suite struct AppIDTests {
    @Test(arguments: [
        "org.gnome.Evolution", "org.example.Notes", "a.b", "org.example.my-app", "org.example.my_app",
        "io.github.x1.App2", "com.example.App.Sub", "_a.b", "-a.b", "org.example.4th",
    ])
    func acceptsValidIDs(_ s: String) throws {
        let id = try AppID(s)
        #expect(id.rawValue == s)
    }

    @Test(arguments: [
        ("", AppIDError.empty),
        ("org", .tooFewElements),
        ("Notes", .tooFewElements),
        (".org.example", .startsWithDot),
        ("1org.example", .startsWithDigit),
        ("org..example", .emptyElement),
        ("org.example.", .emptyElement),
        ("org.exa mple", .invalidCharacter(" ")),
        ("org.exämple", .invalidCharacter("ä")),
        ("org/example", .invalidCharacter("/")),
    ])
    func rejectsInvalidIDs(_ s: String, _ expected: AppIDError) {
        #expect(throws: expected) { try AppID(s) }
    }

    @Test func lengthLimitIs255Bytes() throws {
        let ok = "a." + String(repeating: "b", count: 253)
        #expect(try AppID(ok).rawValue.utf8.count == 255)
        #expect(throws: AppIDError.tooLong(bytes: 256)) { try AppID(ok + "c") }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(AppIDError.tooFewElements.description == "app id must have at least two elements")
        #expect(AppIDError.startsWithDigit.description.contains("digit"))
        #expect(AppIDError.invalidCharacter(" ").description.contains("U+20"))
    }

    @Test(arguments: [
        ("org.example.Notes", "org_2eexample_2eNotes"),
        ("org.example.my-app", "org_2eexample_2emy_2dapp"),
        ("org.example.my_app", "org_2eexample_2emy_5fapp"),
        ("a.B9", "a_2eB9"),
    ])
    func objectPathLabelEscapesEveryNonAlphanumericByte(_ raw: String, _ label: String) throws {
        let id = try AppID(raw)
        #expect(id.objectPathLabel == label)
        #expect(AppID(objectPathLabel: label) == id)
    }

    @Test(arguments: ["org_2E_example", "org_2", "org_zzexample", "org", "org_61b", "org-x_2ey", "_2eorg_2ex"])
    func malformedLabelsDoNotDecode(_ label: String) {
        #expect(AppID(objectPathLabel: label) == nil)
    }

    @Test func sortsByRawValue() {
        let ids = [appID("org.b.App"), appID("org.a.App"), appID("com.z.App")]
        #expect(ids.sorted().map(\.rawValue) == ["com.z.App", "org.a.App", "org.b.App"])
    }
}
