import AppLockClient
import ArgumentParser
import Translation

/// `applockctl guard remove APP`.
struct GuardRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: L("Stop guarding an application."),
        discussion: Help.text(
            L("Writes Guard=false into its policy file; an application the administrator guards stays guarded."),
            L("For an application with a passcode this is a weakening: it stays guarded until `applockctl policy confirm APP` brings its passcode."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        let appID = try AppIDArgument.parse(app)
        if PolicyFileCommands.policiesInForce(reportingProblems: false).mandatory.guardedApps?.contains(appID) == true {
            throw CommandFailure(.notAllowed, L("The administrator's policy guards %1$s; it cannot be un-guarded.", app))
        }
        try PolicyFileCommands.set("Guard", to: "false", in: .app(appID))
        let link = try? CommandLineAgent()
        PolicyFileCommands.reload(link)
        let held = (try? link?.connection.performBlocking(.heldPolicyChanges))?[appID]?.contains("Guard") == true
        Output.line(held
            ? L("%1$s stays guarded until its passcode confirms the change: applockctl policy confirm %1$s", app)
            : L("%1$s is no longer guarded.", app))
    }
}
