import AppLockClient
import ArgumentParser

/// `applockctl guard remove APP`.
struct GuardRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop guarding an application.",
        discussion: """
            Writes Guard=false into its policy file; an application the administrator guards stays guarded. For an \
            application with a passcode this is a weakening: it stays guarded until `applockctl policy confirm APP` \
            brings its passcode.
            """
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
        let link = try? CommandLineAgent()
        PolicyFileCommands.reload(link)
        let held = (try? link?.connection.performBlocking(.heldPolicyChanges))?[appID]?.contains("Guard") == true
        Output.line(held
            ? "\(app) stays guarded until its passcode confirms the change: applockctl policy confirm \(app)"
            : "\(app) is no longer guarded.")
    }
}
