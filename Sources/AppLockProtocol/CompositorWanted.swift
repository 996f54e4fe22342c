/// What the guard wants of the compositor's script, the `wanted` answer of ``CompositorMethod/poll``: a JSON object
/// (``json``) that the KWin script and the GNOME Shell extension read with `JSON.parse`.
public struct CompositorWanted: Sendable, Hashable {
    /// The compositor's ids of the windows to keep minimised (`hide`).
    public var hide: [String]
    /// The lock window's process, whose window is kept above everything with the focus; 0 for none (`lockPid`).
    public var lockPid: Int32
    /// The desktop ids of the apps whose notifications show only the app's name and "Locked" (`hideNotifications`).
    public var hideNotifications: [String]
    /// The compositor's id of the window to activate, as a task bar does (brought back from minimised and given the
    /// focus), carried out once, when this answer arrives; empty for none (`activate`). The guard puts it in one
    /// answer only: the one that follows its decision.
    public var activate: String
    /// The shortcut that locks every protected app, in GTK's accelerator form (`<Super><Alt>l`), as the user chose
    /// it in `applock.conf` (AppLock Settings' row): GNOME's extension binds it (its settings' `lock-all` key follows
    /// it). Empty for none; nil until the guard has read it (`lockAll`, left out then).
    public var lockAll: String?

    public init(hide: [String] = [], lockPid: Int32 = 0, hideNotifications: [String] = [], activate: String = "",
                lockAll: String? = nil) {
        self.hide = hide
        self.lockPid = lockPid
        self.hideNotifications = hideNotifications
        self.activate = activate
        self.lockAll = lockAll
    }

    /// `{"hide":[…],"lockPid":…,"hideNotifications":[…],"activate":"…","lockAll":"…"}`, each string escaped as JSON
    /// requires; `lockAll` only once it is known.
    public var json: String {
        "{\"hide\":\(Self.array(hide)),\"lockPid\":\(lockPid),\"hideNotifications\":\(Self.array(hideNotifications)),"
            + "\"activate\":\(JSONString.quoted(activate))"
            + (lockAll.map { ",\"lockAll\":\(JSONString.quoted($0))" } ?? "") + "}"
    }

    private static func array(_ strings: [String]) -> String {
        "[" + strings.map(JSONString.quoted).joined(separator: ",") + "]"
    }
}
