import AppLockTestSupport
import Foundation
import Testing

/// `applockctl unlock --system-auth`, `reset-passcode` and `policy confirm --system-auth` against the real polkitd
/// with a real authentication agent (`pkttyagent`) and a real fingerprint stack (fprintd with libfprint's virtual
/// reader, `pam_fprintd`), for a non-root user's session: ``RealPolkitSession``. Root only (CI runs as root); as
/// another user every test fails and says why.
@Suite("Real polkit", .serialized)
struct RealPolkitTests {
    static let app = "org.example.Notes"

    /// A session with the agent serving and the app's passcode set (so it is locked).
    private static func session() throws -> RealPolkitSession {
        try #require(getuid() == 0, "the real polkit needs root: a mount namespace, a test user, fprintd")
        let session = try RealPolkitSession()
        do {
            try session.startAgent()
            let set = session.applockctl(["set-passcode", app, "--stdin"], input: "1234\n")
            try #require(set.status == 0, "set-passcode: \(set.stdout)\(set.stderr)")
            #expect(state(session) == "locked")
        } catch {
            session.cleanup()
            throw error
        }
        return session
    }

    private static func state(_ session: RealPolkitSession) -> String? {
        let result = session.applockctl(["status", app, "--json"])
        guard result.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { return nil }
        return object["state"] as? String
    }

    @Test("the user's password unlocks; a wrong one is refused by name and the app stays locked")
    func passwordUnlocksAndAWrongOneDoesNot() throws {
        let session = try Self.session()
        defer { session.cleanup() }

        let wrong = try session.applockctl(["unlock", "--system-auth", Self.app], answering: .password("not-" + session.password))
        #expect(wrong.result.status == 17, "\(wrong.result.stdout)\n\(session.agentLog)\n\(session.systemLog)")
        #expect(wrong.result.stdout.contains("Authentication is required to unlock an application locked by AppLock"),
                "polkit's own message, with no $(…) left in it: \(wrong.result.stdout)")
        #expect(wrong.result.stdout.contains("Authenticate to unlock \(Self.app)"), "AppLock names the app: \(wrong.result.stdout)")
        #expect(wrong.result.stdout.contains("Not authorized: the password or fingerprint was not accepted."),
                "\(wrong.result.stdout)")
        #expect(Self.state(session) == "locked")

        let right = try session.applockctl(["unlock", "--system-auth", Self.app], answering: .password(session.password))
        #expect(right.result.status == 0, "\(right.result.stdout)\n\(session.agentLog)")
        #expect(right.typed)
        #expect(Self.state(session) == "unlocked")
        #expect(!session.agentLog.contains(session.password), "the password never reaches the agent")
    }

    @Test("reset-passcode with the user's password removes the passcode")
    func resetPasscodeRemovesThePasscode() throws {
        let session = try Self.session()
        defer { session.cleanup() }

        let reset = try session.applockctl(["reset-passcode", Self.app], answering: .password(session.password))
        #expect(reset.result.status == 0, "\(reset.result.stdout)\n\(session.agentLog)")
        #expect(reset.result.stdout.contains("Passcode removed for \(Self.app)."), "\(reset.result.stdout)")
        #expect(session.applockctl(["reset-passcode", Self.app]).status == 4, "no passcode is left to reset")
    }

    @Test("reset-passcode --shared with the user's password removes the AppLock passcode; the app that used it has none")
    func resetSharedPasscodeRemovesTheAppLockPasscode() throws {
        let session = try Self.session()
        defer { session.cleanup() }
        let mail = "org.example.Mail"
        #expect(session.applockctl(["set-passcode", "--shared", "--stdin"], input: "2468\n").status == 0)
        #expect(session.applockctl(["set-passcode", mail, "--shared"]).status == 0)

        let reset = try session.applockctl(["reset-passcode", "--shared"], answering: .password(session.password))
        #expect(reset.result.status == 0, "\(reset.result.stdout)\n\(session.agentLog)")
        #expect(reset.result.stdout.contains("Authenticate to remove the AppLock passcode."), "\(reset.result.stdout)")
        #expect(reset.result.stdout.contains("The AppLock passcode is removed"), "\(reset.result.stdout)")
        #expect(session.applockctl(["status"]).stdout.contains("The AppLock passcode is set") == false)
        #expect(session.applockctl(["reset-passcode", "--shared"]).status == 7, "no AppLock passcode is left to reset")
    }

    @Test("policy confirm --system-auth with the user's password applies the held weakening")
    func policyConfirmAppliesTheHeldWeakening() throws {
        let session = try Self.session()
        defer { session.cleanup() }
        let folder = session.environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[Policy]\nMaxFailedAttempts=1000\n".write(to: folder.appendingPathComponent("\(Self.app).conf"),
                                                       atomically: true, encoding: .utf8)
        #expect(session.applockctl(["policy", "reload"]).status == 0)
        #expect(session.applockctl(["status"]).stdout.contains("policy change waiting for authentication (MaxFailedAttempts)"))

        let confirm = try session.applockctl(["policy", "confirm", "--system-auth", Self.app],
                                             answering: .password(session.password))
        #expect(confirm.result.status == 0, "\(confirm.result.stdout)\n\(session.agentLog)")
        #expect(confirm.result.stdout.contains("Authenticate to confirm the weaker policy of \(Self.app) (MaxFailedAttempts)."),
                "AppLock names the app and the keys: \(confirm.result.stdout)")
        #expect(session.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=1000"))
        #expect(!session.applockctl(["status"]).stdout.contains("waiting for authentication"))
        #expect(Self.state(session) == "locked", "confirming a change unlocks nothing")
    }

    @Test("an enrolled finger unlocks, resets and confirms with no password typed; an unknown finger does not unlock")
    func anEnrolledFingerIsEnoughAndAnUnknownOneIsNot() throws {
        let session = try Self.session()
        defer { session.cleanup() }
        try session.enroll("finger-a")

        let unknown = try session.applockctl(["unlock", "--system-auth", Self.app],
                                             answering: .finger("finger-b", thenPassword: "not-" + session.password))
        #expect(unknown.result.status == 17, "\(unknown.result.stdout)")
        #expect(unknown.result.stdout.contains("Failed to match fingerprint"), "\(unknown.result.stdout)")
        #expect(Self.state(session) == "locked")

        let enrolled = try session.applockctl(["unlock", "--system-auth", Self.app],
                                              answering: .finger("finger-a", thenPassword: nil))
        #expect(enrolled.result.status == 0, "\(enrolled.result.stdout)\n\(session.agentLog)")
        #expect(!enrolled.typed && !enrolled.result.stdout.contains("Password:"), "\(enrolled.result.stdout)")
        #expect(Self.state(session) == "unlocked")

        let folder = session.environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[Policy]\nMaxFailedAttempts=1000\n".write(to: folder.appendingPathComponent("\(Self.app).conf"),
                                                       atomically: true, encoding: .utf8)
        #expect(session.applockctl(["policy", "reload"]).status == 0)
        let confirm = try session.applockctl(["policy", "confirm", "--system-auth", Self.app],
                                             answering: .finger("finger-a", thenPassword: nil))
        #expect(confirm.result.status == 0 && !confirm.typed, "\(confirm.result.stdout)")
        #expect(session.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=1000"))

        let reset = try session.applockctl(["reset-passcode", Self.app], answering: .finger("finger-a", thenPassword: nil))
        #expect(reset.result.status == 0 && !reset.typed, "\(reset.result.stdout)")
        #expect(reset.result.stdout.contains("Passcode removed for \(Self.app)."), "\(reset.result.stdout)")
    }

    @Test("with no authentication agent the user is told so and how to add one; the app stays locked")
    func noAgentIsToldAsSuch() throws {
        let session = try Self.session()
        defer { session.cleanup() }

        let unlock = session.applockctl(["unlock", "--system-auth", Self.app])
        #expect(unlock.status == 18, "\(unlock.stdout)\(unlock.stderr)")
        #expect(unlock.stderr.contains("no polkit authentication agent runs in this session (start one, such as lxpolkit)"), "\(unlock.stderr)")
        #expect(Self.state(session) == "locked")
    }

    @Test("GetSystemAuthentication asks the real fprintd: the password before a finger is enrolled, the finger after")
    func theAgentKnowsWhetherAFingerIsEnrolled() throws {
        let session = try Self.session()
        defer { session.cleanup() }
        let ask = ["gdbus", "call", "--session", "--dest", "io.github.applock.AppLock1", "--object-path",
                   "/io/github/applock/AppLock1", "--method", "io.github.applock.AppLock1.Manager.GetSystemAuthentication"]
        let before = session.runAsUser(ask)
        #expect(before.stdout.contains("('password', '')"), "\(before.stdout)\(before.stderr)")
        try session.enroll("finger-a")
        let after = session.runAsUser(ask)
        #expect(after.stdout.contains("('fingerprint', '')"), "\(after.stdout)\(after.stderr)")
    }

    @Test("the real polkitd refuses details from the user's process with the words the mock uses")
    func detailsAreRefusedAsTheMockRefusesThem() throws {
        let session = try Self.session()
        defer { session.cleanup() }
        let check = session.runAsUser(["sh", "-c", "exec pkcheck --action-id io.github.applock.unlock --process $$ "
                                       + "--detail app-id \(Self.app)"])
        #expect(check.status != 0)
        #expect(check.stderr.contains(TestEnvironment.polkitDetailsRefusal), "\(check.stdout)\(check.stderr)")
    }
}
