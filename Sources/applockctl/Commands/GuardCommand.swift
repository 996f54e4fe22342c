import ArgumentParser
import Translation

/// `applockctl guard add|remove|list`: which apps applock-guard protects.
struct GuardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guard",
        abstract: L("Choose the applications applock-guard protects (no code in the application needed)."),
        discussion: Help.text(
            L("A guarded application's windows are covered by applock-guard while the application is obscured or locked."),
            L("The choice is the key Guard in ~/.config/applock/apps.d/<app_id>.conf; the administrator's [Mandatory] Guard= list guards applications whatever that file says."),
            L("applockd and applock-guard re-read the files at once."),
        ),
        subcommands: [GuardAddCommand.self, GuardRemoveCommand.self, GuardListCommand.self]
    )
}
