import ArgumentParser
import DBusKit

/// `applockctl unlock APP`: asks for the passcode and unlocks.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlock an application with its passcode.",
        discussion: """
            A wrong passcode says how many attempts are left (exit status 5); after too many, the application is \
            locked out for a while (exit status 6).
            """
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String

    @Flag(help: "Read the passcode from standard input (one line) instead of the terminal.")
    var stdin = false

    func validate() throws { try AppIDCheck.validate(app) }

    func run() throws {
        let client = try AgentClient()
        try PasscodeCheck.requirePasscode(app, client: client)
        let input = try PasscodeInput(fromStandardInput: stdin)
        let passcode = try input.read(prompt: "Passcode for \(app): ")
        try client.callManager("Unlock", [.string(app), .string(passcode)], about: app)
    }
}
