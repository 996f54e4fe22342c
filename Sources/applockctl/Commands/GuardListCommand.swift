import ArgumentParser

/// `applockctl guard list`.
struct GuardListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the guarded applications (those the administrator requires are marked).",
        discussion: ""
    )

    func run() throws {
        let files = GuardPolicyFiles()
        let mandatory = Set(try files.mandatoryGuarded())
        for app in try files.guardedApps().sorted() {
            Output.line(mandatory.contains(app) ? "\(app)\t(required by the administrator)" : app.rawValue)
        }
    }
}
