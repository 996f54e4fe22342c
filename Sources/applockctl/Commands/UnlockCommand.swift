import ArgumentParser

/// `applockctl unlock APP`: asks for the passcode and unlocks.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlock an application with its passcode.",
        discussion: """
            A wrong passcode says how many attempts are left (exit status 5); after too many, the application is \
            locked out for a while (exit status 6).
            """
    )

    @OptionGroup var options: PasscodeCallOptions

    func run() throws {
        try options.askAndCall { .unlock($0, passcode: $1) }
    }
}
