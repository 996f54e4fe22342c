public import AppLockGuardCore
public import AppLockProtocol
public import DBusKit

/// What the guard tells the session about itself, on its own bus name (``GuardBusNames``, status object
/// ``GuardBusNames/statusPath``): the desktop it runs in and its ``GuardReadiness`` (``GuardProperty``), with a
/// `PropertiesChanged` on every change. `applockctl status` and AppLock Settings read it.
public final class GuardStatus {
    private let bus: Connection
    private let desktop: GuardDesktop
    public private(set) var readiness: GuardReadiness
    /// The windows found to be guarded apps' (``GuardProperty/windows``).
    public private(set) var windows: [MatchedWindow] = []
    /// The shortcut the guard binds itself and why it locks nothing (``GuardProperty/lockAllShortcut``).
    public private(set) var lockAllShortcut: (shortcut: String, problem: ShortcutProblem?) = ("", nil)

    /// Takes the guard's bus name on `bus` (one guard per session) and exports the status object for `desktop`,
    /// saying ``GuardReadiness/initial(for:)`` until told otherwise.
    public init(on bus: Connection, desktop: GuardDesktop) throws {
        self.bus = bus
        self.desktop = desktop
        readiness = .initial(for: desktop)
        try bus.requestName(GuardBusNames.busName)
        export()
    }

    /// Publishes `new`; returns whether anything changed.
    @discardableResult
    public func update(_ new: GuardReadiness) -> Bool {
        guard new != readiness else { return false }
        readiness = new
        bus.emitPropertiesChanged(
            path: try! ObjectPath(GuardBusNames.statusPath), interface: GuardBusNames.statusInterface,
            changed: values().filter {
                [GuardProperty.protected, .reason, .statement, .fix].map(\.name).contains($0.0)
            })
        return true
    }

    /// Publishes the windows found to be guarded apps'; returns whether anything changed.
    @discardableResult
    public func update(_ new: [MatchedWindow]) -> Bool {
        guard new != windows else { return false }
        windows = new
        bus.emitPropertiesChanged(
            path: try! ObjectPath(GuardBusNames.statusPath), interface: GuardBusNames.statusInterface,
            changed: values().filter { $0.0 == GuardProperty.windows.name })
        return true
    }

    /// Publishes the shortcut the guard bound itself (nil: none) and, when it locks nothing, why.
    public func update(lockAllShortcut shortcut: String?, problem: ShortcutProblem?) {
        let new = (shortcut: shortcut ?? "", problem: problem)
        guard new.shortcut != lockAllShortcut.shortcut || new.problem != lockAllShortcut.problem else { return }
        lockAllShortcut = new
        bus.emitPropertiesChanged(
            path: try! ObjectPath(GuardBusNames.statusPath), interface: GuardBusNames.statusInterface,
            changed: values().filter {
                $0.0 == GuardProperty.lockAllShortcut.name || $0.0 == GuardProperty.lockAllShortcutProblem.name
            })
    }

    private func values() -> [(String, DBusValue)] {
        GuardProperty.allCases.map { property -> (String, DBusValue) in
            switch property {
            case .desktop: (property.name, .string(desktop.description))
            case .protected: (property.name, .boolean(readiness.isProtecting))
            case .reason: (property.name, .string(readiness.reason?.rawValue ?? ""))
            case .statement: (property.name, .string(readiness.statement))
            case .fix: (property.name, .string(readiness.fix))
            case .lockAllShortcut: (property.name, .string(lockAllShortcut.shortcut))
            case .lockAllShortcutProblem: (property.name, .string(lockAllShortcut.problem?.rawValue ?? ""))
            case .windows: (property.name, .array(element: try! Signature("(sss)"), windows.map {
                .structure([.string($0.app.rawValue), .string($0.window.description), .string($0.cover?.rawValue ?? "")])
            }))
            }
        }
    }

    private func export() {
        let properties = GuardProperty.allCases.map { "      <property name=\"\($0.name)\" type=\"\($0.contract.type)\" access=\"read\"/>" }
        let interface = ExportedInterface(
            name: GuardBusNames.statusInterface,
            xml: """
                <interface name="\(GuardBusNames.statusInterface)">
                \(properties.joined(separator: "\n"))
                </interface>
                """,
            properties: { [unowned self] in values() })
        bus.export(BasicExportedObject(interfaces: [interface]), at: try! ObjectPath(GuardBusNames.statusPath))
    }
}

@available(*, unavailable) extension GuardStatus: Sendable {}
