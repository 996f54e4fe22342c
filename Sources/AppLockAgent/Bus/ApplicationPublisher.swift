import AppLockCore
import DBusKit

/// Exports one `io.github.applock.AppLock1.Application` object per known app
/// and announces what changes: `StateChanged` on the manager, and
/// `PropertiesChanged` with exactly the properties whose values changed.
final class ApplicationPublisher {
    private let bus: Connection
    private let managerPath = try! ObjectPath(AppLockNames.managerPath)
    /// The property values last announced, per app: what `Get` answers and what a change is measured against.
    private var published: [AppID: [(String, DBusValue)]] = [:]

    init(bus: Connection) {
        self.bus = bus
    }

    func add(_ snapshot: AppSnapshot) {
        let app = snapshot.appID
        published[app] = Self.properties(of: snapshot)
        let interface = ExportedInterface(
            name: InterfaceDescriptions.applicationName,
            xml: InterfaceDescriptions.application,
            methods: [:],
            properties: { [unowned self] in published[app] ?? [] }
        )
        bus.export(BasicExportedObject(interfaces: [interface]), at: app.objectPath)
    }

    /// Unexports the object; a watcher of a registered app first sees `Registered` turn false.
    func remove(_ app: AppID) {
        if let properties = published[app], properties[3].1 == .boolean(true) {
            bus.emitPropertiesChanged(
                path: app.objectPath, interface: InterfaceDescriptions.applicationName,
                changed: [("Registered", .boolean(false))]
            )
        }
        published[app] = nil
        bus.unexport(app.objectPath)
    }

    /// The hot path: one signal and one two-property `PropertiesChanged` per app.
    func stateChanged(_ app: AppID, state: AppState, reason: LockReason) {
        bus.emitSignal(
            path: managerPath, interface: InterfaceDescriptions.managerName, member: "StateChanged",
            arguments: [.string(app.rawValue), .string(state.rawValue), .string(reason.rawValue)]
        )
        guard var properties = published[app] else { return }
        let changed: [(String, DBusValue)] = [("State", .string(state.rawValue)), ("Reason", .string(reason.rawValue))]
        properties[1] = changed[0]
        properties[2] = changed[1]
        published[app] = properties
        bus.emitPropertiesChanged(path: app.objectPath, interface: InterfaceDescriptions.applicationName, changed: changed)
    }

    /// Announces whichever properties differ from what was announced last.
    func refresh(_ snapshot: AppSnapshot) {
        let app = snapshot.appID
        guard let old = published[app] else { return }
        let new = Self.properties(of: snapshot)
        let changed = zip(old, new).compactMap { $0.1 != $1.1 ? $1 : nil }
        guard !changed.isEmpty else { return }
        published[app] = new
        bus.emitPropertiesChanged(path: app.objectPath, interface: InterfaceDescriptions.applicationName, changed: changed)
    }

    func applicationsChanged(_ apps: [AppID]) {
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName,
            changed: [("Applications", .objectPathArray(apps.map(\.objectPath)))]
        )
    }

    func sessionStateChanged(_ state: SessionState) {
        bus.emitSignal(
            path: managerPath, interface: InterfaceDescriptions.managerName, member: "SessionStateChanged",
            arguments: [.string(state.rawValue)]
        )
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName,
            changed: [("SessionState", .string(state.rawValue))]
        )
    }

    /// The Application properties in the XML's order; `stateChanged` and `remove` rely on State, Reason and Registered at 1, 2 and 3.
    static func properties(of snapshot: AppSnapshot) -> [(String, DBusValue)] {
        [
            ("AppId", .string(snapshot.appID.rawValue)),
            ("State", .string(snapshot.state.rawValue)),
            ("Reason", .string(snapshot.reason.rawValue)),
            ("Registered", .boolean(snapshot.registered)),
            ("HasPasscode", .boolean(snapshot.hasPasscode)),
            ("PasscodeKind", .string(snapshot.passcodeKind?.rawValue ?? "")),
            ("FailedAttempts", .uint32(snapshot.failedAttempts)),
            ("RetryAfter", .uint64(snapshot.retryAfter)),
            ("Inhibited", .boolean(snapshot.inhibited)),
            ("Policy", policyValue(snapshot.policy)),
        ]
    }

    static func policyValue(_ policy: Policy) -> DBusValue {
        .stringVariantDictionary(policy.entries.map { entry in
            let value: DBusValue = switch entry.value {
            case .bool(let b): .boolean(b)
            case .uint32(let u): .uint32(u)
            case .string(let s): .string(s)
            case .stringArray(let a): .stringArray(a)
            case .uint32Array(let a): .array(element: try! Signature("u"), a.map { .uint32($0) })
            }
            return (entry.key, value)
        })
    }
}
