import ArgumentParser
import DBusKit

/// `applockctl policy APP`: the effective policy of an application, as keyfile lines.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Show the effective policy of an application.",
        discussion: """
            Prints Key=value lines in the syntax of applock.conf: the built-in defaults, your \
            ~/.config/applock files and the administrator's mandatory limits, combined.
            """
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws { try AppIDCheck.validate(app) }

    func run() throws {
        let policy = try AgentClient().applicationProperty(app, "Policy")
        guard let entries = policy.dictionaryValue else {
            throw CommandFailure(.failure, "applockd answered with a policy that is not a dictionary.")
        }
        if json {
            Output.json(ValueRendering.json(policy))
            return
        }
        Output.line("[Policy]")
        for (key, value) in entries {
            Output.line("\(ValueRendering.text(key))=\(ValueRendering.text(value))")
        }
    }
}
