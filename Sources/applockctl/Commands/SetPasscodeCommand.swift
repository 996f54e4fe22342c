import AppLockClient
import AppLockProtocol
import AppLockCore
import ArgumentParser
import Translation

/// `applockctl set-passcode APP [--kind K]`: the first passcode of an application, asked twice;
/// `set-passcode --shared` sets the AppLock passcode, and `set-passcode APP --shared` makes APP use it.
struct SetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-passcode",
        abstract: L("Set the first passcode of an application, or the AppLock passcode."),
        discussion: Help.text(
            L("On a terminal the passcode is asked twice; when the two do not match you are told and asked again (three rounds at most)."),
            L("With --stdin the first line of standard input is the passcode."),
            L("Without --kind, 4 digits are four-digit, 6 digits six-digit, other digits numeric, anything else alphanumeric."),
            L("With --shared and no application, sets the AppLock passcode, one passcode that many applications can use; with --shared and an application, that application uses the AppLock passcode from now on (no passcode is asked)."),
            L("With --shared and an application that has a passcode of its own, that passcode is asked first; the application then uses the AppLock passcode instead, and is never without a passcode in between."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String?

    @Option(help: ArgumentHelp(L("The passcode kind: four-digit, six-digit, numeric or alphanumeric.")))
    var kind: KindArgument?

    @Flag(help: ArgumentHelp(L("Read the passcode from standard input (one line) instead of the terminal.")))
    var stdin = false

    @Flag(help: ArgumentHelp(L("The AppLock passcode: set it, or with an application, make the application use it.")))
    var shared = false

    func validate() throws {
        guard let app else {
            if !shared { throw ValidationError(L("Name an application, or give --shared for the AppLock passcode.")) }
            return
        }
        try AppIDArgument.validate(app)
        if shared && kind != nil { throw ValidationError(L("--kind is the AppLock passcode's own when an application uses it.")) }
    }

    func run() throws {
        let agent = try CommandLineAgent()
        guard let name = self.app else { return try setShared(agent) }
        let app = try AppIDArgument.parse(name)
        if shared {
            try SharedPasscodeChoice.requireSet(agent)
            if try Self.hasOwnPasscode(app, agent) {
                let passcode = try PasscodeInput(fromStandardInput: stdin).read(prompt: L("Passcode for %1$s: ", app))
                try agent.perform(.switchToSharedPasscode(app, passcode: passcode.makeString()), about: app)
                return Output.line(L("%1$s uses the AppLock passcode instead of its own.", app))
            }
            try agent.perform(.useSharedPasscode(app), about: app)
            return Output.line(L("%1$s uses the AppLock passcode.", app))
        }
        try PasscodeCheck.requireNoPasscode(app, agent: agent)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.readNew(prompt: L("New passcode for %1$s: ", app), kind: kind?.kind)
        let chosen = PasscodeInput.kind(of: passcode, given: kind?.kind)
        try agent.perform(.setPasscode(app, passcode.makeString(), kind: chosen), about: app)
        Output.line(L("Passcode set for %1$s (%2$s).", app, chosen.rawValue))
    }

    /// Whether `app` has a passcode of its own (an app the agent does not know has none).
    private static func hasOwnPasscode(_ app: AppID, _ agent: CommandLineAgent) throws(CommandFailure) -> Bool {
        do {
            return try agent.perform(.properties(of: app), about: app).passcodeSource == .own
        } catch where error.status == .unknownApplication {
            return false
        }
    }

    /// Sets the AppLock passcode, asked twice.
    private func setShared(_ agent: CommandLineAgent) throws(CommandFailure) {
        if try agent.perform(.sharedPasscodeKind) != nil {
            throw CommandFailure(.passcodeExists, L("The AppLock passcode is set already."))
        }
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.readNew(prompt: L("New AppLock passcode: "), kind: kind?.kind)
        let chosen = PasscodeInput.kind(of: passcode, given: kind?.kind)
        try agent.perform(.setSharedPasscode(passcode.makeString(), kind: chosen))
        Output.line(L("The AppLock passcode is set (%1$s).", chosen.rawValue))
    }
}
