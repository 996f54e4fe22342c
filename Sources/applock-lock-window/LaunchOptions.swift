import AppLockCore
import AppLockProtocol

/// The command line (fixed: `applock-guard` builds to it):
///
///     applock-lock-window lock --app-id ID [--parent XID | --standby cover|toplevel] [--layer-shell]
///     applock-lock-window set-passcode --app-id ID
///     applock-lock-window set-passcode --shared
///     applock-lock-window switch-passcode --app-id ID
///
/// No passcode is ever taken from the command line or the environment.
struct LaunchOptions: Equatable {
    enum Mode: Equatable {
        /// The lock view; inside the X window `parent` when given, a toplevel otherwise.
        case lock(parent: UInt?)
        /// Set, change or remove the passcode, in a toplevel.
        case setPasscode
        /// Set, change or remove the AppLock passcode, the one many apps use, in a toplevel.
        case setSharedPasscode
        /// Switch the app between the AppLock passcode and a passcode of its own, in a toplevel.
        case switchPasscode
    }

    /// Where a lock window started ahead will be shown: inside an X window whose id comes with `show`, or as a
    /// toplevel the compositor places.
    enum StandbyPlace: String, Equatable {
        case cover, toplevel
    }

    var mode: Mode
    /// The app; nil only for ``Mode/setSharedPasscode``, which is for no app.
    var appID: AppID?
    /// Started ahead: ready and hidden until a `show` line arrives on standard input.
    var standby: StandbyPlace?
    /// Not in an X window: a layer-shell surface on the overlay layer instead of a toplevel (the guard preloads
    /// gtk4-layer-shell).
    var layerShell = false

    static let usage = """
        Usage: applock-lock-window lock --app-id ID [--parent XID | --standby cover|toplevel] [--layer-shell]
               applock-lock-window set-passcode --app-id ID
               applock-lock-window set-passcode --shared
               applock-lock-window switch-passcode --app-id ID

        lock          Ask for the passcode of the locked app ID. With --parent, fill the X window XID (decimal or
                      0x-hex) and hold the keyboard; otherwise show a window of its own.
                      With --standby, get ready (drawn nowhere, taking no keys), say "standing by" on standard
                      error and wait for a line on standard input: "show XID" (cover: fill the X window XID as
                      --parent does) or "show" (toplevel). Exits 0 when standard input ends before that.
                      With --layer-shell (not in an X window), be a layer-shell surface on the overlay layer,
                      above everything, with the keyboard to itself: gtk4-layer-shell must be loaded
                      (LD_PRELOAD=libgtk4-layer-shell.so.0); without it, a toplevel as usual, and it says so.
                      Exits 0 once the app is no longer locked, 3 when XID is destroyed.
        set-passcode  Choose a passcode for ID (set and confirm), or change or remove the one it has. With
                      no AppLock passcode set, it sets the AppLock passcode and has ID use it, unless the
                      user chooses a passcode of its own for ID; with one, it offers to switch ID between
                      the two. With --shared instead of --app-id, set, change or remove the AppLock
                      passcode itself. Exits 0 when done or closed.
        switch-passcode
                      Give ID, which uses the AppLock passcode, a passcode of its own; or have ID,
                      which has its own, use the AppLock passcode (its own passcode asked first).
                      Exits 0 when done or closed.

        Exit status: 0 done, 1 bad command line, 2 no display, 3 the parent window is gone, 4 no session bus.
        """

    /// Reads `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        guard let command = arguments.first else { throw .usage("a command is needed") }
        var appIDText: String?
        var parent: UInt?
        var standby: StandbyPlace?
        var layerShell = false
        var shared = false
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
            case "--standby" where command == "lock":
                guard let value = rest.popFirst(), let place = StandbyPlace(rawValue: value) else {
                    throw .usage("--standby needs cover or toplevel")
                }
                standby = place
            case "--layer-shell" where command == "lock":
                layerShell = true
            case "--shared" where command == "set-passcode":
                shared = true
            default:
                throw .usage("unknown argument \(flag)")
            }
        }
        if shared {
            guard appIDText == nil else { throw .usage("--shared is for no app: give it or --app-id, not both") }
            return LaunchOptions(mode: .setSharedPasscode, appID: nil)
        }
        guard let text = appIDText else { throw .usage("--app-id is required") }
        guard parent == nil || standby == nil else { throw .usage("--parent and --standby exclude each other") }
        guard !layerShell || (parent == nil && standby != .cover) else {
            throw .usage("--layer-shell is for a window of its own, not one in an X window")
        }
        let appID: AppID
        do {
            appID = try AppID(text)
        } catch {
            throw .usage("not a valid app id: \(text) (\(error))")
        }
        switch command {
        case "lock": return LaunchOptions(mode: .lock(parent: parent), appID: appID, standby: standby, layerShell: layerShell)
        case "set-passcode": return LaunchOptions(mode: .setPasscode, appID: appID)
        case "switch-passcode": return LaunchOptions(mode: .switchPasscode, appID: appID)
        default: throw .usage("unknown command \(command)")
        }
    }

    /// An X window id, decimal or 0x-hex.
    static func windowID(_ text: String) -> UInt? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt(text.dropFirst(2), radix: 16) }
        return UInt(text)
    }
}
