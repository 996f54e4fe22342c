import ArgumentParser

/// `applockctl policy APP` (show) and `applockctl policy confirm APP`.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Show an application's effective policy, or confirm a weakening of it with its passcode.",
        subcommands: [PolicyShowCommand.self, PolicyConfirmCommand.self],
        defaultSubcommand: PolicyShowCommand.self
    )
}
