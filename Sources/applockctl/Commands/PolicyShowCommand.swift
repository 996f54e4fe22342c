import AppLockClient
import AppLockProtocol
import ArgumentParser
import Translation

/// `applockctl policy [show] APP`: the effective policy of an application, as keyfile lines.
struct PolicyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: L("Show the effective policy of an application."),
        discussion: L("Prints Key=value lines in the syntax of applock.conf: the built-in defaults, your ~/.config/applock files and the administrator's mandatory limits, combined.")
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String

    @Flag(help: ArgumentHelp(L("Print JSON instead of text.")))
    var json = false

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        let app = try AppIDArgument.parse(self.app)
        let policy = try CommandLineAgent().perform(.properties(of: app), about: app).policy
        if json {
            Output.json(policy.mapValues(PropertyRendering.json))
            return
        }
        Output.line("[Policy]")
        for line in PropertyRendering.policyLines(policy) { Output.line(line) }
    }
}
