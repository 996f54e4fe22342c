import AppLockClient
import ArgumentParser
import Translation

/// `applockctl unlock APP`: asks for the passcode and unlocks.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: L("Unlock an application with its passcode, or with system authentication."),
        discussion: Help.text(
            L("A wrong passcode says how many attempts are left (exit status 5); after too many, the application is locked out for a while (exit status 6)."),
            L("With --system-auth no passcode is asked: the desktop's authentication dialog (polkit action io.github.applock.unlock) asks for your own password or fingerprint instead; refused or dismissed: exit status 17; no polkit: exit status 18."),
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
            // polkit's dialog names no app (an unprivileged caller may pass it no details): this line does.
            Output.error(L("Authenticate to unlock %1$s (your password, or your finger where fprintd is set up).", app))
            try CommandLineAgent().perform(.unlockWithSystemAuthentication(app), about: app)
        } else {
            try options.askAndCall { .unlock($0, passcode: $1) }
        }
    }
}
