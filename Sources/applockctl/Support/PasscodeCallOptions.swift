import ArgumentParser
import DBusKit

/// The arguments of a command that sends one passcode for one app (`unlock`, `remove-passcode`), and the call.
struct PasscodeCallOptions: ParsableArguments {
    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String

    @Flag(help: "Read the passcode from standard input (one line) instead of the terminal.")
    var stdin = false

    func validate() throws { try AppIDCheck.validate(app) }

    /// Checks that the app has a passcode, asks for it, and calls `member(app, passcode)` on the manager.
    func askAndCall(_ member: String) throws {
        let client = try AgentClient()
        try PasscodeCheck.requirePasscode(app, client: client)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.read(prompt: "Passcode for \(app): ")
        try client.callManager(member, [.string(app), .string(passcode)], about: app)
    }
}
