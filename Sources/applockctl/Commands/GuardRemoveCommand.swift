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
        let files = GuardPolicyFiles()
        if try files.mandatoryGuarded().contains(where: { $0.rawValue == app }) {
            throw CommandFailure(.notAllowed, "The administrator's policy guards \(app); it cannot be un-guarded.")
        }
        try files.setGuard(false, for: app)
        if let link = try? AgentLink() { PolicyReload.signalReaders(on: link.connection) }
        Output.line("\(app) is no longer guarded.")
    }
}
