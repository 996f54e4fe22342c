import AppLockClient
import AppLockProtocol
import AppLockCore
import ArgumentParser

/// `applockctl set-passcode APP [--kind K]`: the first passcode of an application, asked twice.
struct SetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-passcode",
        abstract: "Set the first passcode of an application.",
        discussion: """
            On a terminal the passcode is asked twice; when the two do not match you are told and asked again \
            (three rounds at most). With --stdin the first line of standard input is the passcode. Without \
            --kind, 4 digits are four-digit, 6 digits six-digit, other digits numeric, anything else alphanumeric.
            """
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String

    @Option(help: "The passcode kind: four-digit, six-digit, numeric or alphanumeric.")
    var kind: KindArgument?

    @Flag(help: "Read the passcode from standard input (one line) instead of the terminal.")
    var stdin = false

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        let app = try AppIDArgument.parse(self.app)
        let agent = try CommandLineAgent()
        try PasscodeCheck.requireNoPasscode(app, agent: agent)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.readNew(for: app, kind: kind?.kind)
        let chosen = PasscodeInput.kind(of: passcode, given: kind?.kind)
        try agent.perform(.setPasscode(app, passcode.makeString(), kind: chosen), about: app)
        Output.line("Passcode set for \(app) (\(chosen.rawValue)).")
    }
}
