import AppLockClient
import AppLockProtocol
import ArgumentParser
import Translation

/// `applockctl reset-passcode APP`: removes a forgotten passcode after the user authenticates through polkit.
struct ResetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-passcode",
        abstract: L("Remove a forgotten passcode after system authentication."),
        discussion: Help.text(
            L("The desktop's authentication dialog (polkit action io.github.applock.reset-passcode) asks for your own password, or an administrator's where the administrator requires it."),
            L("When you authenticate, the stored passcode and its failed-attempt record are removed and the application unlocks."),
            L("Refused or dismissed: exit status 17, nothing changed; no polkit: exit status 18."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        let app = try AppIDArgument.parse(self.app)
        // polkit's dialog names no app (an unprivileged caller may pass it no details): this line does.
        Output.error(L("Authenticate to remove the passcode of %1$s.", app))
        try CommandLineAgent().perform(.resetPasscode(app), about: app)
        Output.line(L("Passcode removed for %1$s.", app))
    }
}
