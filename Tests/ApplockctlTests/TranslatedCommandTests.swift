import AppLockTestSupport
import Foundation
import Testing

/// applockctl in German (`LANGUAGE=de`, the catalogue `po/de.po`) against the real agent and keyring.
@Suite struct TranslatedCommandTests {
    static let app = "org.example.Notes"

    @Test("With LANGUAGE=de, applockctl status and a failed unlock speak German; --json keeps the protocol's words")
    func statusAndAFailedUnlockInGerman() throws {
        let env = try TestEnvironment()
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate(); env.cleanup() }
        try agent.waitUntilServing()
        let german = try TranslatedSession.variables("de", in: env)
        func applockctl(_ arguments: [String], input: String? = nil) -> CommandResult {
            env.run([BuiltProducts.applockctl] + arguments, input: input, extraEnvironment: german)
        }
        #expect(applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(applockctl(["lock", Self.app]).status == 0)

        let status = applockctl(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        for line in ["Sitzung: aktiv", "Dienst:  applockd ", "Wächter: "] {
            #expect(status.stdout.contains(line), "no \"\(line)\" in:\n\(status.stdout)")
        }
        #expect(status.stdout.contains("ANWENDUNG") && status.stdout.contains("ZUSTAND"), "\(status.stdout)")
        #expect(status.stdout.contains("\(Self.app)  gesperrt"), "\(status.stdout)")
        #expect(!status.stdout.contains("Session:") && !status.stdout.contains(" locked"), "English left:\n\(status.stdout)")

        let wrong = applockctl(["unlock", Self.app, "--stdin"], input: "0000\n")
        #expect(wrong.status == 5)
        #expect(wrong.stderr.contains("Falscher Code; noch 4 Versuche bis zur Sperre."), "\(wrong.stderr)")

        let unknown = applockctl(["unlock", "org.example.Nobody", "--stdin"], input: "1234\n")
        #expect(unknown.stderr.contains("Keine solche Anwendung: org.example.Nobody ist weder registriert noch hat sie einen Code."),
                "\(unknown.stderr)")

        let json = applockctl(["status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sessionState"] as? String == "active")
        #expect((object["applications"] as? [[String: Any]])?.first?["state"] as? String == "locked")
    }
}
