import ArgumentParser
import Translation

/// What the commands that act on an application's passcode or, with `--shared`, on the AppLock passcode share.
enum SharedPasscodeChoice {
    /// Exactly one of an application and `--shared`.
    static func validate(app: String?, shared: Bool) throws {
        if let app {
            if shared { throw ValidationError(L("Name an application, or give --shared for the AppLock passcode.")) }
            try AppIDArgument.validate(app)
        } else if !shared {
            throw ValidationError(L("Name an application, or give --shared for the AppLock passcode."))
        }
    }

    /// Fails (NoPasscode) before any prompt when no AppLock passcode is set.
    static func requireSet(_ agent: CommandLineAgent) throws(CommandFailure) {
        if try agent.perform(.sharedPasscodeKind) == nil {
            throw CommandFailure(.noPasscode, L("No AppLock passcode is set: set it first with `applockctl set-passcode --shared`."))
        }
    }
}
