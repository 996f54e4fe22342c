import AppLockCore
import AppLockPolicyStore
import AppLockProtocol
import Foundation
import Testing

/// The policy files as AppLock Settings and applockctl write them: one key changed, every other line kept, a broken
/// file refused and left byte for byte, the files found where the agent looks.
@Suite("PolicyFiles")
struct PolicyFilesTests {
    static func scratch() throws -> (PolicyFiles, URL) {
        let root = URL(fileURLWithPath: "/tmp").appendingPathComponent("applock-policyfiles-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (PolicyFiles(directory: root.path + "/applock", adminPolicyPath: root.path + "/policy.conf"), root)
    }

    @Test func aKeyIsWrittenIntoANewFileAndChangedInPlaceKeepingComments() throws {
        let (files, root) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = try AppID("org.example.Notes")
        try files.set("GracePeriod", to: "30", in: .app(notes))
        #expect(try String(contentsOfFile: files.path(of: .app(notes)), encoding: .utf8) == "[Policy]\nGracePeriod=30\n")
        try "# mine\n[Policy]\nGracePeriod=30\nGuard=false\n".write(
            toFile: files.path(of: .app(notes)), atomically: false, encoding: .utf8)
        try files.set("Guard", to: "true", in: .app(notes))
        #expect(try String(contentsOfFile: files.path(of: .app(notes)), encoding: .utf8)
            == "# mine\n[Policy]\nGracePeriod=30\nGuard=true\n")
        #expect(try files.overrides(.app(notes))?.guarded == true)
        #expect(files.appsWithFiles() == [notes])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path + "/applock/apps.d")
        #expect(leftovers == ["org.example.Notes.conf"], "no temporary file is left behind")
    }

    /// `apps.d/firefox-esr.conf` written by hand is Firefox's file: every desktop-file id names an app; a name no
    /// desktop file could have is reported as misnamed.
    @Test func desktopFileIDsWithoutDotsHaveFilesOfTheirOwn() throws {
        let (files, root) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: files.appsDirectory, withIntermediateDirectories: true)
        for name in ["firefox-esr", "libreoffice-writer", "org.gnome.Evince", "-bad"] {
            try "[Policy]\nGuard=true\n".write(toFile: "\(files.appsDirectory)/\(name).conf", atomically: false, encoding: .utf8)
        }
        #expect(files.appsWithFiles().map(\.rawValue) == ["firefox-esr", "libreoffice-writer", "org.gnome.Evince"])
        #expect(files.appFiles().contains { if case .failure(.misnamed(let path)) = $0 { path.hasSuffix("/-bad.conf") } else { false } })
        #expect(try files.overrides(.app(AppID("firefox-esr")))?.guarded == true)
    }

    @Test func aBrokenFileIsRefusedWithFileLineAndKeyAndLeftAsItWas() throws {
        let (files, root) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: files.directory, withIntermediateDirectories: true)
        let broken = "[Policy]\n# hand-edited\nGracePeriod=soon\n"
        try broken.write(toFile: files.path(of: .allApps), atomically: false, encoding: .utf8)
        let problem = #expect(throws: PolicyFileProblem.self) { try files.set("LockOnSuspend", to: "false", in: .allApps) }
        guard case .broken(let error)? = problem else { Issue.record("not reported as broken: \(String(describing: problem))"); return }
        #expect(error.file == files.path(of: .allApps))
        #expect(error.line == 3)
        #expect(error.key == "GracePeriod")
        #expect(try Data(contentsOf: URL(fileURLWithPath: files.path(of: .allApps))) == Data(broken.utf8))
    }

    @Test func aValueTheAgentWouldRefuseIsNotWritten() throws {
        let (files, root) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: PolicyFileProblem.self) { try files.set("GracePeriod", to: "-1", in: .allApps) }
        #expect(!FileManager.default.fileExists(atPath: files.path(of: .allApps)))
    }

    @Test func theFilesAreFoundWhereTheAgentLooks() {
        let files = PolicyFiles(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "relative", "APPLOCK_ADMIN_POLICY": ""])
        #expect(files.directory == "/home/ann/.config/applock")
        #expect(files.adminPolicyPath == "/etc/applock/policy.conf")
        #expect(PolicyFiles(environment: ["XDG_CONFIG_HOME": "/x", "APPLOCK_ADMIN_POLICY": "/t/p.conf"]).path(of: .allApps)
            == "/x/applock/applock.conf")
    }
}
