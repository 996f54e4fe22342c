import ArgumentParser

/// `applockctl guard list`.
struct GuardListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the guarded applications (those the administrator requires are marked).",
        discussion: """
            A policy file that does not parse is named on standard error and left out of the list, as applockd and \
            applock-guard leave it out: they keep its last good version.
            """
    )

    func run() throws {
        let policies = PolicyFileCommands.policiesInForce()
        let mandatory = Set(policies.mandatory.guardedApps ?? [])
        for app in policies.guardedApps.sorted() {
            Output.line(mandatory.contains(app) ? "\(app)\t(required by the administrator)" : app.rawValue)
        }
    }
}
