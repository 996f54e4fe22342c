import AppLockClient
import ArgumentParser

/// `applockctl unlock APP`: asks for the passcode and unlocks.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlock an application with its passcode, or with system authentication.",
        discussion: """
            A wrong passcode says how many attempts are left (exit status 5); after too many, the application is \
            locked out for a while (exit status 6). With --system-auth no passcode is asked: the desktop's \
            authentication dialog (polkit action io.github.applock.unlock) asks for your own password or \
            fingerprint instead; refused or dismissed: exit status 17; no polkit: exit status 18.
            """
    )

    @OptionGroup var options: PasscodeCallOptions

    @Flag(name: .customLong("system-auth"), help: "Authenticate through the desktop (polkit) instead of the passcode.")
    var systemAuthentication = false

    func validate() throws {
        if systemAuthentication && options.stdin {
            throw ValidationError("--system-auth asks no passcode; leave out --stdin.")
        }
    }

    func run() throws {
        if systemAuthentication {
            let app = try AppIDArgument.parse(options.app)
            // polkit's dialog names no app (an unprivileged caller may pass it no details): this line does.
            Output.error("Authenticate to unlock \(app) (your password, or your finger where fprintd is set up).")
            try CommandLineAgent().perform(.unlockWithSystemAuthentication(app), about: app)
        } else {
            try options.askAndCall { .unlock($0, passcode: $1) }
        }
    }
}
