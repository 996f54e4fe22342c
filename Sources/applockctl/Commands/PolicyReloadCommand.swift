import AppLockClient
import ArgumentParser
import Translation

/// `applockctl policy reload`: the agent reads the policy files again (`ReloadPolicy`), and the guard follows.
struct PolicyReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: L("Have applockd and applock-guard read the policy files again."),
        discussion: Help.text(
            L("Needed only after editing a policy file by hand: applockctl and AppLock Settings ask for it after each change they write."),
            L("A weakening of an application with a passcode still waits for `applockctl policy confirm`."),
            L("A file that does not parse is named (exit status 12); its last good version stays in force and the other files apply."),
        )
    )

    func run() throws {
        try CommandLineAgent().perform(.reloadPolicy)
    }
}
