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

    @Test("With LANGUAGE=de, applockctl --help, its subcommands' help and its usage errors read in German")
    func helpAndUsageErrorsInGerman() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let german = try TranslatedSession.variables("de", in: env)
        func applockctl(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
            let result = env.run([BuiltProducts.applockctl] + arguments, extraEnvironment: german)
            return (result.status, Self.oneLine(result.stdout), Self.oneLine(result.stderr))
        }
        let help = applockctl(["--help"])
        #expect(help.status == 0)
        for text in ["Den AppLock-Dienst (applockd) steuern: Anwendungssperren, Codes und Richtlinien.",
                     "Wenn applockd nicht läuft, startet D-Bus ihn.", "RÜCKGABEWERT",
                     "5 falscher Code (die Meldung sagt, wie viele Versuche bleiben)",
                     "Eine Anwendung mit ihrem Code oder mit der Systemanmeldung entsperren."] {
            #expect(help.stdout.contains(text), "no \"\(text)\" in: \(help.stdout)")
        }
        #expect(!help.stdout.contains("EXIT STATUS") && !help.stdout.contains("any other failure"), "English left: \(help.stdout)")

        let unlock = applockctl(["unlock", "--help"])
        for text in ["Ein falscher Code sagt, wie viele Versuche bleiben (Rückgabewert 5);",
                     "Über die Arbeitsumgebung (polkit) statt mit dem Code legitimieren.",
                     "Den Code aus der Standardeingabe (eine Zeile) statt vom Terminal lesen."] {
            #expect(unlock.stdout.contains(text), "no \"\(text)\" in: \(unlock.stdout)")
        }
        let guardHelp = applockctl(["guard", "add", "--help"])
        #expect(guardHelp.stdout.contains("Schreibt Guard=true in die Richtliniendatei der Anwendung"), "\(guardHelp.stdout)")

        let nothingNamed = applockctl(["lock"])
        #expect(nothingNamed.status == 2)
        #expect(nothingNamed.stderr.contains("Nennen Sie eine Anwendung oder geben Sie --all an."), "\(nothingNamed.stderr)")
        let badID = applockctl(["lock", "notes!"])
        #expect(badID.status == 2)
        #expect(badID.stderr.contains("»notes!« ist keine gültige Anwendungskennung"), "\(badID.stderr)")
    }

    @Test("A lock-out's end in applockctl status is in the locale's date and time: 22.11.2025 14:03:07 in German, 11/22/2025 02:03:07 PM in American English")
    func lockOutEndInTheLocalesFormat() throws {
        let env = try TestEnvironment()
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate(); env.cleanup() }
        try agent.waitUntilServing()
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        var last: Int32 = 0
        for _ in 0..<6 where last != 6 { last = env.applockctl(["unlock", Self.app, "--stdin"], input: "0000\n").status }
        #expect(last == 6, "locked out after the sixth wrong passcode")

        var german = try TranslatedSession.variables("de", in: env)
        german["LC_ALL"] = "de_DE.UTF-8"
        let inGerman = env.run([BuiltProducts.applockctl, "status", Self.app], extraEnvironment: german)
        let deadline = #/RetryAfter: [0-3][0-9]\.[01][0-9]\.20[0-9]{2} [0-2][0-9]:[0-5][0-9]:[0-5][0-9] \(in [0-9]+ s\)/#
        #expect(inGerman.stdout.contains(deadline), "\(inGerman.stdout)")
        let american = env.run([BuiltProducts.applockctl, "status", Self.app], extraEnvironment: ["LC_ALL": "en_US.UTF-8"])
        let twelveHours = #/RetryAfter: [01][0-9]/[0-3][0-9]/20[0-9]{2} [01][0-9]:[0-5][0-9]:[0-5][0-9] [AP]M \(in [0-9]+ s\)/#
        #expect(american.stdout.contains(twelveHours), "\(american.stdout)")
    }

    /// `text` with each run of white space (help text wrapped to the terminal's width) as one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
