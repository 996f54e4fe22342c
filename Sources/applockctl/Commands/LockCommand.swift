import ArgumentParser
import DBusKit

/// `applockctl lock APP|--all`: locks now (reason `manual`).
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Lock an application now, or every application with --all.",
        discussion: "An application without a passcode is obscured (its content hidden) instead."
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String?

    @Flag(help: "Lock every application.")
    var all = false

    func validate() throws {
        switch (app, all) {
        case (nil, false): throw ValidationError("Name an application or give --all.")
        case (.some, true): throw ValidationError("Name an application or give --all, not both.")
        case (.some(let app), false): try AppIDCheck.validate(app)
        case (nil, true): break
        }
    }

    func run() throws {
        let client = try AgentClient()
        if let app {
            try client.callManager("Lock", [.string(app)], about: app)
        } else {
            try client.callManager("LockAll")
        }
    }
}
