import AppLockClient
import AppLockProtocol
import ArgumentParser
import Translation

/// The arguments of a command that sends one passcode for one app (`unlock`, `remove-passcode`), and the call.
struct PasscodeCallOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String

    @Flag(help: ArgumentHelp(L("Read the passcode from standard input (one line) instead of the terminal.")))
    var stdin = false

    func validate() throws { try AppIDArgument.validate(app) }

    /// Checks that the app has a passcode, asks for it, and sends `request(app, passcode)`.
    func askAndCall(_ request: (_ app: AppID, _ passcode: String) -> AppLockRequest<Void>) throws {
        try Self.askAndCall(app: app, stdin: stdin, request)
    }

    /// As the instance's, for `name` and `stdin` given otherwise.
    static func askAndCall(
        app name: String, stdin: Bool, _ request: (_ app: AppID, _ passcode: String) -> AppLockRequest<Void>
    ) throws {
        let app = try AppIDArgument.parse(name)
        let agent = try CommandLineAgent()
        try PasscodeCheck.requirePasscode(app, agent: agent)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.read(prompt: L("Passcode for %1$s: ", app))
        try agent.perform(request(app, passcode.makeString()), about: app)
    }
}
