import ArgumentParser
import Translation

/// `applockctl policy APP` (show), `applockctl policy confirm APP` and `applockctl policy reload`.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: L("Show an application's effective policy, confirm a weakening of it with its passcode, or reload the files."),
        subcommands: [PolicyShowCommand.self, PolicyConfirmCommand.self, PolicyReloadCommand.self],
        defaultSubcommand: PolicyShowCommand.self
    )
}
