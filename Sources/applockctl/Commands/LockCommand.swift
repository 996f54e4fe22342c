import AppLockClient
import AppLockProtocol
import ArgumentParser
import Translation

/// `applockctl lock APP|--all`: locks now (reason `manual`).
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: L("Lock an application now, or every application with --all."),
        discussion: L("An application without a passcode is obscured (its content hidden) instead.")
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes.")))
    var app: String?

    @Flag(help: ArgumentHelp(L("Lock every application.")))
    var all = false

    func validate() throws {
        switch (app, all) {
        case (nil, false): throw ValidationError(L("Name an application or give --all."))
        case (.some, true): throw ValidationError(L("Name an application or give --all, not both."))
        case (.some(let app), false): try AppIDArgument.validate(app)
        case (nil, true): break
        }
    }

    func run() throws {
        let agent = try CommandLineAgent()
        if let app = try app.map({ try AppIDArgument.parse($0) }) {
            try agent.perform(.lock(app), about: app)
        } else {
            try agent.perform(.lockAll)
        }
    }
}
