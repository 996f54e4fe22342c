import AppLockTestSupport
import Foundation
import Testing

/// `data/io.github.applock.policy` read by the real polkitd (package polkitd) on a private system bus, as
/// `pkaction` shows it. polkitd reads actions only from `/usr/share/polkit-1/actions/`, so the test puts the file
/// there (root) and leaves the directory as it found it.
@Suite("polkit action file", .serialized)
struct PolkitActionFileTests {
    static let actionsDirectory = URL(fileURLWithPath: "/usr/share/polkit-1/actions")
    static let fileName = "io.github.applock.policy"

    @Test("pkaction --verbose shows the three actions with auth_self for the active session only, messages with no $(…) placeholder")
    func pkactionAcceptsTheActions() throws {
        try #require(getuid() == 0, "polkitd reads actions only from /usr/share/polkit-1/actions; run as root")
        let installed = Self.actionsDirectory.appendingPathComponent(Self.fileName)
        let previous = try? Data(contentsOf: installed)
        let directoryExisted = FileManager.default.fileExists(atPath: Self.actionsDirectory.path)
        try FileManager.default.createDirectory(at: Self.actionsDirectory, withIntermediateDirectories: true)
        let source = BuiltProducts.packageRoot.appendingPathComponent("data/\(Self.fileName)")
        try? FileManager.default.removeItem(at: installed)
        try FileManager.default.copyItem(at: source, to: installed)
        defer {
            try? FileManager.default.removeItem(at: installed)
            if let previous { try? previous.write(to: installed) }
            if !directoryExisted { try? FileManager.default.removeItem(at: Self.actionsDirectory) }
        }

        let env = try TestEnvironment(systemBus: true)
        defer { env.cleanup() }
        try env.startRealPolkitd()

        let unlock = env.run(["pkaction", "--action-id", "io.github.applock.unlock", "--verbose"])
        #expect(unlock.status == 0, "\(unlock.stdout)\(unlock.stderr)")
        #expect(unlock.stdout.contains("description:       Unlock an application locked by AppLock"), "\(unlock.stdout)")
        #expect(unlock.stdout.contains("message:           Authentication is required to unlock an application locked by AppLock"))
        #expect(unlock.stdout.contains("implicit any:      no"))
        #expect(unlock.stdout.contains("implicit inactive: no"))
        #expect(unlock.stdout.contains("implicit active:   auth_self"))

        let reset = env.run(["pkaction", "--action-id", "io.github.applock.reset-passcode", "--verbose"])
        #expect(reset.status == 0, "\(reset.stdout)\(reset.stderr)")
        #expect(reset.stdout.contains("message:           Authentication is required to remove the forgotten AppLock passcode of an application"))
        #expect(reset.stdout.contains("implicit any:      no"))
        #expect(reset.stdout.contains("implicit active:   auth_self"))

        let change = env.run(["pkaction", "--action-id", "io.github.applock.change-protection", "--verbose"])
        #expect(change.status == 0, "\(change.stdout)\(change.stderr)")
        #expect(change.stdout.contains(
            "message:           Authentication is required to weaken the AppLock protection of an application"),
                "\(change.stdout)")
        #expect(change.stdout.contains("implicit any:      no"))
        #expect(change.stdout.contains("implicit inactive: no"))
        #expect(change.stdout.contains("implicit active:   auth_self"))

        // No detail reaches polkit (it refuses them from the unprivileged agent), so a placeholder would be shown
        // as it is written; and a kept answer (`auth_self_keep`) would unlock every app for minutes.
        for action in [unlock, reset, change] {
            #expect(!action.stdout.contains("$("), "\(action.stdout)")
            #expect(!action.stdout.contains("_keep"), "\(action.stdout)")
        }

        let unknown = env.run(["pkaction", "--action-id", "io.github.applock.no-such-action", "--verbose"])
        #expect(unknown.status != 0, "pkaction must tell a missing action apart: \(unknown.stdout)")
    }
}
