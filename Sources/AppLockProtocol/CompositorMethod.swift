/// The methods of the guard's `io.github.applock.Guard1.Compositor` interface (``GuardBusNames/compositorInterface``
/// at ``GuardBusNames/compositorPath``), which only the script inside the compositor calls: the AppLock KWin script
/// (`data/kwin/applock`) and the GNOME Shell extension (`data/gnome-shell/applock.js`). The raw value is the D-Bus
/// member name; ``contract`` holds the signature, and `dbus/io.github.applock.Guard1.Compositor.xml` states the same (a
/// test holds the two equal). What travels in them is typed: ``CompositorWindowEvent`` and ``CompositorWanted``.
public enum CompositorMethod: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// A window was added, changed (minimised or restored), activated, hidden by the script while it had the focus,
    /// restored, or removed, or the desktop switched (``CompositorWindowEvent``).
    case windowEvent = "WindowEvent"
    /// The long poll: answered at once when the caller's version is old, else when what is wanted changes (or after
    /// a while, unchanged), with the new version and ``CompositorWanted``'s JSON.
    case poll = "Poll"

    /// The D-Bus member name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// The method's arguments. Neither answers with an error of the contract: a call from anyone but the compositor
    /// is refused with the bus's own `AccessDenied`.
    public var contract: MethodContract {
        switch self {
        case .windowEvent:
            MethodContract(inputs: [
                ProtocolArgument("kind", "s"), ProtocolArgument("id", "s"), ProtocolArgument("desktop_file", "s"),
                ProtocolArgument("resource_class", "s"), ProtocolArgument("pid", "i"), ProtocolArgument("minimized", "b"),
            ])
        case .poll:
            MethodContract(
                inputs: [ProtocolArgument("version", "i")],
                outputs: [ProtocolArgument("next", "i"), ProtocolArgument("wanted", "s")])
        }
    }
}
