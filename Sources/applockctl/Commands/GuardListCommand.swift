import AppLockCore
import AppLockProtocol
import ArgumentParser
import Translation

/// `applockctl guard list`.
struct GuardListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: L("List the guarded applications, with what keeps each one guarded when it is not only its file."),
        discussion: Help.text(
            L("An application is listed when its policy file guards it, when the administrator does (marked), and when applockd still guards it although its file no longer says so: an un-guarding that waits for the application's passcode (`applockctl policy confirm APP`), or a policy file that does not parse, whose last good version applockd keeps."),
            L("A file that does not parse is named on standard error."),
        )
    )

    func run() throws {
        let policies = PolicyFileCommands.policiesInForce()
        let mandatory = Set(policies.mandatory.guardedApps ?? [])
        var notes: [AppID: String] = [:]
        for app in mandatory { notes[app] = L("required by the administrator") }
        var guarded = policies.guardedApps
        if let agent = try? CommandLineAgent() {
            let held = (try? agent.perform(.heldPolicyChanges)) ?? [:]
            for listing in (try? agent.perform(.listApplications)) ?? [] where !guarded.contains(listing.appID) {
                guard let properties = try? agent.perform(.properties(of: listing.appID)),
                      case .bool(true)? = properties.policy[PolicyKey.guarded.name] else { continue }
                guarded.insert(listing.appID)
                notes[listing.appID] = held[listing.appID]?.contains(PolicyKey.guarded.name) == true
                    ? L("still guarded until its passcode confirms: applockctl policy confirm %1$s", listing.appID)
                    : L("guarded by applockd, which keeps its policy file's last good version")
            }
        }
        for app in guarded.sorted() {
            Output.line(notes[app].map { "\(app)\t(\($0))" } ?? app.rawValue)
        }
    }
}
