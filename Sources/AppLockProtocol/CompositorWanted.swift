/// What the guard wants of the compositor's script, the `wanted` answer of ``CompositorMethod/poll``: a JSON object
/// (``json``) that the KWin script and the GNOME Shell extension read with `JSON.parse`.
public struct CompositorWanted: Sendable, Hashable {
    /// The compositor's ids of the windows to keep minimised (`hide`).
    public var hide: [String]
    /// The lock window's process, whose window is kept above everything with the focus; 0 for none (`lockPid`).
    public var lockPid: Int32
    /// The desktop ids of the apps whose notifications show only the app's name and "Locked" (`hideNotifications`).
    public var hideNotifications: [String]

    public init(hide: [String] = [], lockPid: Int32 = 0, hideNotifications: [String] = []) {
        self.hide = hide
        self.lockPid = lockPid
        self.hideNotifications = hideNotifications
    }

    /// `{"hide":[…],"lockPid":…,"hideNotifications":[…]}`, each string escaped as JSON requires.
    public var json: String {
        "{\"hide\":\(Self.array(hide)),\"lockPid\":\(lockPid),\"hideNotifications\":\(Self.array(hideNotifications))}"
    }

    private static func array(_ strings: [String]) -> String {
        "[" + strings.map(JSONString.quoted).joined(separator: ",") + "]"
    }
}
