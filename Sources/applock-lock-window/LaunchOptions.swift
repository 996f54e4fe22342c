import AppLockCore
import AppLockProtocol

/// The command line (fixed: `applock-guard` builds to it):
///
///     applock-lock-window lock --app-id ID [--parent XID]
///     applock-lock-window set-passcode --app-id ID
///
/// No passcode is ever taken from the command line or the environment.
struct LaunchOptions: Equatable {
    enum Mode: Equatable {
        /// The lock view; inside the X window `parent` when given, a toplevel otherwise.
        case lock(parent: UInt?)
        /// Set, change or remove the passcode, in a toplevel.
        case setPasscode
    }

    var mode: Mode
    var appID: AppID

    static let usage = """
        Usage: applock-lock-window lock --app-id ID [--parent XID]
               applock-lock-window set-passcode --app-id ID

        lock          Ask for the passcode of the locked app ID. With --parent, fill the X window XID (decimal or
                      0x-hex) and hold the keyboard; otherwise show a window of its own.
                      Exits 0 once the app is no longer locked, 3 when XID is destroyed.
        set-passcode  Choose a passcode for ID (set and confirm), or change or remove the one it has.
                      Exits 0 when done or closed.

        Exit status: 0 done, 1 bad command line, 2 no display, 3 the parent window is gone, 4 no session bus.
        """

    /// Reads `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        guard let command = arguments.first else { throw .usage("a command is needed") }
        var appIDText: String?
        var parent: UInt?
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            switch flag {
            case "--app-id":
                guard let value = rest.popFirst() else { throw .usage("--app-id needs a value") }
                appIDText = value
            case "--parent" where command == "lock":
                guard let value = rest.popFirst(), let id = windowID(value), id != 0 else {
                    throw .usage("--parent needs an X window id (decimal or 0x-hex)")
                }
                parent = id
            default:
                throw .usage("unknown argument \(flag)")
            }
        }
        guard let text = appIDText else { throw .usage("--app-id is required") }
        let appID: AppID
        do {
            appID = try AppID(text)
        } catch {
            throw .usage("not a valid app id: \(text) (\(error))")
        }
        switch command {
        case "lock": return LaunchOptions(mode: .lock(parent: parent), appID: appID)
        case "set-passcode": return LaunchOptions(mode: .setPasscode, appID: appID)
        default: throw .usage("unknown command \(command)")
        }
    }

    private static func windowID(_ text: String) -> UInt? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt(text.dropFirst(2), radix: 16) }
        return UInt(text)
    }
}
