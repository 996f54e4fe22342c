import AppLockAgentCore
import AppLockCore
import DBusKit
import Logging

/// Watches the screensavers' `ActiveChanged` and gnome-session's presence on
/// the session bus. Each match names the sender, so only the process that owns
/// the screensaver's (or session manager's) name is believed.
final class ScreenSaverWatcher {
    /// The screensaver interfaces AppLock follows; each is also its owner's bus name.
    static let screenSavers = [
        "org.freedesktop.ScreenSaver", "org.gnome.ScreenSaver", "org.cinnamon.ScreenSaver",
        "org.mate.ScreenSaver", "org.xfce.ScreenSaver",
    ]
    static let presenceInterface = "org.gnome.SessionManager.Presence"
    /// gnome-session's presence status for "idle".
    static let presenceIdle: UInt32 = 3

    private let onEvent: (SessionEvent, String) -> Void
    private var active: Set<String> = []
    private var presenceIsIdle = false
    private var tokens: [MatchToken] = []

    init(bus: Connection, logger: Logger, onEvent: @escaping (SessionEvent, String) -> Void) {
        self.onEvent = onEvent
        for name in Self.screenSavers {
            let rule = MatchRule(sender: name, interface: name, member: "ActiveChanged")
            tokens.append(bus.addMatch(rule) { [unowned self] message in
                guard let arguments = try? message.arguments(), case .boolean(let isActive)? = arguments.first else { return }
                screenSaver(name, isActive: isActive)
            })
        }
        let presence = MatchRule(
            sender: "org.gnome.SessionManager", path: try! ObjectPath("/org/gnome/SessionManager/Presence"),
            interface: Self.presenceInterface, member: "StatusChanged"
        )
        tokens.append(bus.addMatch(presence) { [unowned self] message in
            guard let arguments = try? message.arguments(), case .uint32(let status)? = arguments.first else { return }
            let idle = status == Self.presenceIdle
            guard idle != presenceIsIdle else { return }
            presenceIsIdle = idle
            onEvent(.presenceIdle(idle), "gnome-session presence")
        })
    }

    private func screenSaver(_ name: String, isActive: Bool) {
        let wasActive = !active.isEmpty
        if isActive { active.insert(name) } else { active.remove(name) }
        guard wasActive != !active.isEmpty else { return }
        onEvent(.screenSaverActive(!active.isEmpty), name)
    }
}
