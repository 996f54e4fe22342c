import AppLockClient
import AppLockProtocol
import AppLockCore
import ArgumentParser
import Translation

/// `applockctl set-passcode APP [--kind K]`: the first passcode of an application, asked twice.
struct SetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-passcode",
        abstract: L("Set the first passcode of an application."),
        discussion: Help.text(
            L("On a terminal the passcode is asked twice; when the two do not match you are told and asked again (three rounds at most)."),
            L("With --stdin the first line of standard input is the passcode."),
            L("Without --kind, 4 digits are four-digit, 6 digits six-digit, other digits numeric, anything else alphanumeric."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String

    @Option(help: ArgumentHelp(L("The passcode kind: four-digit, six-digit, numeric or alphanumeric.")))
    var kind: KindArgument?

    @Flag(help: ArgumentHelp(L("Read the passcode from standard input (one line) instead of the terminal.")))
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
        Output.line(L("Passcode set for %1$s (%2$s).", app, chosen.rawValue))
    }
}
