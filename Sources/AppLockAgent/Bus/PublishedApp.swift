import AppLockCore
import DBusKit

/// One exported `io.github.applock.AppLock1.Application` object: the snapshot last announced for its app, kept
/// as plain value types (its `Policy` shares its arrays with the state machine's copy). D-Bus values are built
/// only when a client asks (Get, GetAll, GetManagedObjects) or a change is announced, so an idle app costs a
/// few hundred bytes instead of a tree of boxed values.
final class PublishedApp: ExportedObject {
    private(set) var snapshot: AppSnapshot

    init(_ snapshot: AppSnapshot) {
        self.snapshot = snapshot
    }

    var interfaces: [ExportedInterface] {
        [
            ExportedInterface(
                name: InterfaceDescriptions.applicationName,
                xml: InterfaceDescriptions.application,
                properties: { [self] in Self.properties(of: snapshot) }
            ),
        ]
    }

    /// `Properties.Get` without building ``interfaces``: the busiest call a client makes.
    func propertyValue(_ name: String, interface: String) -> PropertyLookup {
        guard interface == InterfaceDescriptions.applicationName else { return .noSuchInterface }
        return Self.value(of: name, in: snapshot).map { .value($0) } ?? .noSuchProperty
    }

    /// Records a new state and reason (the lock hot path: nothing else is compared).
    func update(state: AppState, reason: LockReason) {
        snapshot.state = state
        snapshot.reason = reason
    }

    /// Records `new` and returns the properties whose values differ from those announced last, in XML order.
    func update(to new: AppSnapshot) -> [(String, DBusValue)] {
        let old = snapshot
        snapshot = new
        guard old != new else { return [] }
        return Self.names.compactMap { name in
            let value = Self.value(of: name, in: new)
            return value == Self.value(of: name, in: old) ? nil : value.map { (name, $0) }
        }
    }

    /// The Application properties in the XML's order.
    static let names = [
        "AppId", "State", "Reason", "Registered", "HasPasscode", "PasscodeKind", "FailedAttempts", "RetryAfter",
        "Inhibited", "Policy",
    ]

    static func properties(of snapshot: AppSnapshot) -> [(String, DBusValue)] {
        names.compactMap { name in value(of: name, in: snapshot).map { (name, $0) } }
    }

    static func value(of name: String, in snapshot: AppSnapshot) -> DBusValue? {
        switch name {
        case "AppId": .string(snapshot.appID.rawValue)
        case "State": .string(snapshot.state.rawValue)
        case "Reason": .string(snapshot.reason.rawValue)
        case "Registered": .boolean(snapshot.registered)
        case "HasPasscode": .boolean(snapshot.hasPasscode)
        case "PasscodeKind": .string(snapshot.passcodeKind?.rawValue ?? "")
        case "FailedAttempts": .uint32(snapshot.failedAttempts)
        case "RetryAfter": .uint64(snapshot.retryAfter)
        case "Inhibited": .boolean(snapshot.inhibited)
        case "Policy": policyValue(snapshot.policy)
        default: nil
        }
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
