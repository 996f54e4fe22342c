import AppLockCore
import ArgumentParser

/// Validates an app id given on the command line with the core's rule, as a usage error.
enum AppIDArgument {
    static func validate(_ app: String) throws {
        do {
            _ = try AppID(app)
        } catch {
            throw ValidationError("'\(app)' is not a valid app id: \(error.description).")
        }
    }

    /// The app id of an argument `validate(_:)` accepted.
    static func appID(_ app: String) throws(CommandFailure) -> AppID {
        do {
            return try AppID(app)
        } catch {
            throw CommandFailure(.invalidArgument, "\(error)")
        }
    }
}
