import AppLockClient
import ArgumentParser

/// `applockctl guard remove APP`.
struct GuardRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop guarding an application.",
        discussion: "Writes Guard=false into its policy file; an application the administrator guards stays guarded."
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        let appID = try AppIDArgument.parse(app)
        if PolicyFileCommands.policiesInForce(reportingProblems: false).mandatory.guardedApps?.contains(appID) == true {
            throw CommandFailure(.notAllowed, "The administrator's policy guards \(app); it cannot be un-guarded.")
        }
        try PolicyFileCommands.set("Guard", to: "false", in: .app(appID))
        PolicyFileCommands.reload(try? AgentLink())
        Output.line("\(app) is no longer guarded.")
    }
}
