import AppLockClient
import AppLockProtocol
import AppLockCore
import ArgumentParser
import Translation

/// `applockctl change-passcode APP [--kind K]`: replaces a passcode after checking the current one;
/// `change-passcode --shared` changes the AppLock passcode.
struct ChangePasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-passcode",
        abstract: L("Change the passcode of an application, or the AppLock passcode."),
        discussion: Help.text(
            L("Asks for the current passcode, then the new one twice (three rounds at most)."),
            L("With --stdin, standard input holds the current passcode on the first line and the new one on the second."),
            L("Without --kind the new passcode keeps the current kind when it fits it."),
            L("A wrong current passcode counts as a failed attempt."),
            L("With --shared, changes the AppLock passcode for every application that uses it."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String?

    @Option(help: ArgumentHelp(L("The new passcode's kind: four-digit, six-digit, numeric or alphanumeric.")))
    var kind: KindArgument?

    @Flag(help: ArgumentHelp(L("Read the passcodes from standard input (one line each) instead of the terminal.")))
    var stdin = false

    @Flag(help: ArgumentHelp(L("The AppLock passcode instead of an application's.")))
    var shared = false

    func validate() throws { try SharedPasscodeChoice.validate(app: app, shared: shared) }

    func run() throws {
        let agent = try CommandLineAgent()
        guard let name = self.app, !shared else { return try changeShared(agent) }
        let app = try AppIDArgument.parse(name)
        let current = try PasscodeCheck.requirePasscode(app, agent: agent).passcodeKind
        let input = try PasscodeInput(fromStandardInput: stdin)
        let old = try input.read(prompt: L("Current passcode for %1$s: ", app))
        let new = try input.readNew(prompt: L("New passcode for %1$s: ", app), kind: kind?.kind)
        let chosen = kind?.kind ?? Self.keepKind(current, for: new)
        try agent.perform(.changePasscode(app, from: old.makeString(), to: new.makeString(), kind: chosen), about: app)
        Output.line(L("Passcode changed for %1$s (%2$s).", app, chosen.rawValue))
    }

    /// Changes the AppLock passcode: the current one, then the new one twice.
    private func changeShared(_ agent: CommandLineAgent) throws(CommandFailure) {
        try SharedPasscodeChoice.requireSet(agent)
        let current = try agent.perform(.sharedPasscodeKind)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let old = try input.read(prompt: L("Current AppLock passcode: "))
        let new = try input.readNew(prompt: L("New AppLock passcode: "), kind: kind?.kind)
        let chosen = kind?.kind ?? Self.keepKind(current, for: new)
        try agent.perform(.changeSharedPasscode(from: old.makeString(), to: new.makeString(), kind: chosen))
        Output.line(L("The AppLock passcode is changed (%1$s).", chosen.rawValue))
    }

    /// The current kind when the new passcode fits it, otherwise the guessed one.
    private static func keepKind(_ current: PasscodeKind?, for passcode: PasscodeBytes) -> PasscodeKind {
        if let current, (try? PasscodeRules.validate(passcode.makeString(), kind: current, policy: .defaults)) != nil {
            return current
        }
        return PasscodeInput.kind(of: passcode, given: nil)
    }
}
