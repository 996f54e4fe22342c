import AppLockProtocol
import ArgumentParser
import Translation

/// Reads an app id given on the command line with the protocol's rule; a malformed one is a usage error.
enum AppIDArgument {
    static func parse(_ app: String) throws(ValidationError) -> AppID {
        do {
            return try AppID(app)
        } catch {
            throw ValidationError(L("'%1$s' is not a valid app id: %2$s.", app, error.description))
        }
    }

    static func validate(_ app: String) throws(ValidationError) {
        _ = try parse(app)
    }
}
