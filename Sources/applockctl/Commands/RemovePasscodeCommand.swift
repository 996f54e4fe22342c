import AppLockClient
import ArgumentParser
import Translation

/// `applockctl remove-passcode APP`: deletes the stored passcode hash after checking the passcode;
/// `remove-passcode --shared` removes the AppLock passcode.
struct RemovePasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-passcode",
        abstract: L("Remove the passcode of an application, or the AppLock passcode."),
        discussion: Help.text(
            L("Asks for the passcode first; a wrong one counts as a failed attempt."),
            L("With --shared, removes the AppLock passcode: every application that used it is then without a passcode."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String?

    @Flag(help: ArgumentHelp(L("Read the passcode from standard input (one line) instead of the terminal.")))
    var stdin = false

    @Flag(help: ArgumentHelp(L("The AppLock passcode instead of an application's.")))
    var shared = false

    func validate() throws { try SharedPasscodeChoice.validate(app: app, shared: shared) }

    func run() throws {
        guard let app, !shared else {
            let agent = try CommandLineAgent()
            try SharedPasscodeChoice.requireSet(agent)
            let passcode = try PasscodeInput(fromStandardInput: stdin).read(prompt: L("AppLock passcode: "))
            try agent.perform(.removeSharedPasscode(passcode: passcode.makeString()))
            return Output.line(L("The AppLock passcode is removed; the applications that used it have no passcode now."))
        }
        try PasscodeCallOptions.askAndCall(app: app, stdin: stdin) { .removePasscode($0, passcode: $1) }
        Output.line(L("Passcode removed for %1$s.", app))
    }
}
