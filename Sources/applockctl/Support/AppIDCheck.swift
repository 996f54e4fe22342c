import AppLockCore
import ArgumentParser

/// Validates an app id given on the command line, as a usage error.
enum AppIDCheck {
    static func validate(_ app: String) throws {
        do {
            _ = try AppID(app)
        } catch {
            throw ValidationError("'\(app)' is not a valid app id: \(error.description).")
        }
    }
}
