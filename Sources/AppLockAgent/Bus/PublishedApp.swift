import AppLockAgentCore
import AppLockCore
import AppLockProtocol
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
        guard let property = ApplicationProperty(rawValue: name) else { return .noSuchProperty }
        return .value(Self.value(of: property, in: snapshot))
    }

    /// Records a new state and reason (the lock hot path: nothing else is compared).
    func update(state: AppState, reason: LockReason) {
        snapshot.state = state
        snapshot.reason = reason
    }

    /// Records `new` and returns the properties whose values differ from those announced last, in the contract's order.
    func update(to new: AppSnapshot) -> [(String, DBusValue)] {
        let old = snapshot
        snapshot = new
        guard old != new else { return [] }
        return ApplicationProperty.allCases.compactMap { property in
            let value = Self.value(of: property, in: new)
            return value == Self.value(of: property, in: old) ? nil : (property.name, value)
        }
    }

    static func properties(of snapshot: AppSnapshot) -> [(String, DBusValue)] {
        ApplicationProperty.allCases.map { ($0.name, value(of: $0, in: snapshot)) }
    }

    static func value(of property: ApplicationProperty, in snapshot: AppSnapshot) -> DBusValue {
        switch property {
        case .appID: .string(snapshot.appID.rawValue)
        case .state: .string(snapshot.state.rawValue)
        case .reason: .string(snapshot.reason.rawValue)
        case .registered: .boolean(snapshot.registered)
        case .hasPasscode: .boolean(snapshot.hasPasscode)
        case .passcodeKind: .string(snapshot.passcodeKind?.rawValue ?? "")
        case .passcodeSource: .string(snapshot.passcodeSource.rawValue)
        case .failedAttempts: .uint32(snapshot.failedAttempts)
        case .maxFailedAttempts: .uint32(snapshot.maxFailedAttempts)
        case .retryAfter: .uint64(snapshot.retryAfter)
        case .inhibited: .boolean(snapshot.inhibited)
        case .policy: policyValue(snapshot.policy)
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
