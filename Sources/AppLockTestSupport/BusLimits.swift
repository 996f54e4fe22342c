import Foundation

/// The `<limit>`s of the buses users have, read from the stock configuration of the system's dbus package
/// (`/usr/share/dbus-1/session.conf`, `/usr/share/dbus-1/system.conf`), so that a `PrivateBus` refuses what a user's
/// bus refuses and nothing more. Without them dbus-daemon runs with its compiled-in defaults, which are the system
/// bus's: 128 pending replies per connection where the session bus allows 50,000.
public enum BusLimits {
    /// One `<limit name="…">value</limit>` element.
    public struct Limit: Equatable, Sendable {
        /// The limit's name, for example `max_replies_per_connection`.
        public let name: String
        /// Its value as written in the configuration.
        public let value: String
    }

    /// The stock configuration file of `kind`.
    public static func configuration(of kind: PrivateBus.Kind) -> String {
        "/usr/share/dbus-1/\(kind.rawValue).conf"
    }

    /// The limits the stock configuration of `kind` sets (none for the system bus on Debian, whose `system.conf`
    /// keeps the compiled-in defaults); throws when the file is missing.
    public static func of(_ kind: PrivateBus.Kind) throws -> [Limit] {
        let path = configuration(of: kind)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestSupportError("cannot read \(path), the \(kind.rawValue) bus configuration of the dbus package")
        }
        return parse(text)
    }

    /// The `<limit>` elements of a bus configuration, comments left out.
    public static func parse(_ configuration: String) -> [Limit] {
        let uncommented = configuration.replacing(/<!--(.|\n)*?-->/, with: "")
        return uncommented.matches(of: /<limit\s+name="([a-z_]+)"\s*>\s*([0-9]+)\s*<\/limit>/).map {
            Limit(name: String($0.output.1), value: String($0.output.2))
        }
    }
}
