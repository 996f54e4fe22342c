import AppLockClient
import ArgumentParser

/// `applockctl policy confirm APP`: the app's passcode authenticates the weakening of its policy the agent holds.
struct PolicyConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Apply a weakening of an application's policy, with its passcode.",
        discussion: """
            A change in the policy files that weakens the protection of an application with a passcode (a \
            LockOn… switched off, a longer GracePeriod, more MaxFailedAttempts, a shorter LockoutSchedule, …) \
            waits for its passcode; `applockctl status` lists it. This asks for the passcode and applies the \
            files' policy. A wrong passcode counts as a failed attempt (exit status 5).
            """
    )

    @OptionGroup var options: PasscodeCallOptions

    func run() throws {
        try options.askAndCall { .confirmPolicy($0, passcode: $1) }
    }
}
