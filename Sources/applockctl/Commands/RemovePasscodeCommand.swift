import ArgumentParser
import DBusKit

/// `applockctl remove-passcode APP`: deletes the stored passcode hash after checking the passcode.
struct RemovePasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-passcode",
        abstract: "Remove the passcode of an application.",
        discussion: "Asks for the passcode first; a wrong one counts as a failed attempt."
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
        try client.callManager("RemovePasscode", [.string(app), .string(passcode)], about: app)
        Output.line("Passcode removed for \(app).")
    }
}
