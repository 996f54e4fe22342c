import AppLockClient
import AppLockProtocol
import ArgumentParser
import Translation

/// `applockctl reset-passcode APP`: removes a forgotten passcode after the user authenticates through polkit;
/// `reset-passcode --shared` removes the forgotten AppLock passcode so.
struct ResetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-passcode",
        abstract: L("Remove a forgotten passcode after system authentication."),
        discussion: Help.text(
            L("The desktop's authentication dialog (polkit action io.github.applock.reset-passcode) asks for your own password, or an administrator's where the administrator requires it."),
            L("When you authenticate, the stored passcode and its failed-attempt record are removed and the application unlocks."),
            L("Refused or dismissed: exit status 17, nothing changed; no polkit: exit status 18."),
            L("With --shared, removes the forgotten AppLock passcode so: every application that used it is then without a passcode."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String?

    @Flag(help: ArgumentHelp(L("The AppLock passcode instead of an application's.")))
    var shared = false

    func validate() throws { try SharedPasscodeChoice.validate(app: app, shared: shared) }

    func run() throws {
        guard let name = self.app, !shared else {
            let agent = try CommandLineAgent()
            try SharedPasscodeChoice.requireSet(agent)
            Output.error(L("Authenticate to remove the AppLock passcode."))
            try agent.perform(.resetSharedPasscode)
            return Output.line(L("The AppLock passcode is removed; the applications that used it have no passcode now."))
        }
        let app = try AppIDArgument.parse(name)
        // polkit's dialog names no app (an unprivileged caller may pass it no details): this line does.
        Output.error(L("Authenticate to remove the passcode of %1$s.", app))
        try CommandLineAgent().perform(.resetPasscode(app), about: app)
        Output.line(L("Passcode removed for %1$s.", app))
    }
}
