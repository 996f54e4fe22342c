import ArgumentParser
import Translation

/// `applockctl remove-passcode APP`: deletes the stored passcode hash after checking the passcode.
struct RemovePasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-passcode",
        abstract: L("Remove the passcode of an application."),
        discussion: L("Asks for the passcode first; a wrong one counts as a failed attempt.")
    )

    @OptionGroup var options: PasscodeCallOptions

    func run() throws {
        try options.askAndCall { .removePasscode($0, passcode: $1) }
        Output.line(L("Passcode removed for %1$s.", options.app))
    }
}
