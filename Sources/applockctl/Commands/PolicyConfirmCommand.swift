import AppLockClient
import ArgumentParser
import Translation

/// `applockctl policy confirm APP`: the app's passcode, or the user's own system authentication, authenticates the
/// weakening of its policy the agent holds.
struct PolicyConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: L("Apply a weakening of an application's policy, with its passcode or system authentication."),
        discussion: Help.text(
            L("A change in the policy files that weakens the protection of an application with a passcode (a LockOn… switched off, a longer GracePeriod, more MaxFailedAttempts, a shorter LockoutSchedule, …) waits for its passcode; `applockctl status` lists it."),
            L("This asks for the passcode and applies the files' policy."),
            L("A wrong passcode counts as a failed attempt (exit status 5)."),
            L("With --system-auth no passcode is asked: the desktop's authentication dialog (polkit action io.github.applock.change-protection) asks for your own password or fingerprint instead; refused or dismissed: exit status 17; no polkit: exit status 18; the files changed while you authenticated: exit status 21, nothing confirmed."),
        )
    )

    @OptionGroup var options: PasscodeCallOptions

    @Flag(name: .customLong("system-auth"), help: ArgumentHelp(L("Authenticate through the desktop (polkit) instead of the passcode.")))
    var systemAuthentication = false

    func validate() throws {
        if systemAuthentication && options.stdin {
            throw ValidationError(L("--system-auth asks no passcode; leave out --stdin."))
        }
    }

    func run() throws {
        if systemAuthentication {
            let app = try AppIDArgument.parse(options.app)
            let agent = try CommandLineAgent()
            // polkit's dialog names neither the app nor the keys (an unprivileged caller may pass it no details).
            let keys = (try? agent.perform(.heldPolicyChanges))?[app] ?? []
            Output.error(keys.isEmpty
                ? L("Authenticate to confirm the policy change of %1$s.", app)
                : L("Authenticate to confirm the weaker policy of %1$s (%2$s).", app, keys.joined(separator: ", ")))
            try agent.perform(.confirmPolicyWithSystemAuthentication(app), about: app)
        } else {
            try options.askAndCall { .confirmPolicy($0, passcode: $1) }
        }
    }
}
