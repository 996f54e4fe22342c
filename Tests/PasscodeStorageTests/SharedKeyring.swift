import AppLockTestSupport
import Foundation

/// The one private session bus with a gnome-keyring that the in-process Secret Service tests share.
///
/// libsecret (GDBus) connects once per process to `DBUS_SESSION_BUS_ADDRESS`, so every test in this target that
/// talks to the Secret Service from this process uses this environment, in a serialized suite. The variable is set
/// to our private bus before the first libsecret call; the developer's own session bus is never used.
enum SharedKeyring {
    static let environment: TestEnvironment = {
        do {
            let environment = try TestEnvironment()
            setenv("DBUS_SESSION_BUS_ADDRESS", environment.sessionBus.address, 1)
            unsetenv("DISPLAY")
            unsetenv("WAYLAND_DISPLAY")
            try environment.startKeyring()
            return environment
        } catch {
            fatalError("cannot set up the shared keyring: \(error)")
        }
    }()

    /// The shared environment with its keyring running and unlocked.
    static func ready() throws -> TestEnvironment {
        let environment = Self.environment
        if environment.keyringPID == nil {
            try environment.startKeyring()
        } else if environment.keyringLocked() {
            try environment.unlockKeyring()
        }
        return environment
    }
}
