import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit

/// Exports one `io.github.applock.AppLock1.Application` object (a ``PublishedApp``) per known app
/// and announces what changes: `StateChanged` on the manager, and
/// `PropertiesChanged` with exactly the properties whose values changed.
final class ApplicationPublisher {
    private let bus: Connection
    private let managerPath = AppLockBusNames.managerObjectPath
    /// The exported objects, per app: each holds the snapshot last announced, what `Get` answers and what a
    /// change is measured against.
    private var published: [AppID: PublishedApp] = [:]
    /// The last locking `StateChanged` sent for each app, kept unsent to be copied the next time the app locks
    /// the same way (a session lock repeats the same signal): building one through libdbus costs about 45,000
    /// instructions, copying it 700 (callgrind). Each holds about 430 bytes, so only the first
    /// ``preparedLockLimit`` apps to lock keep one and the memory stays bounded whatever the number of apps.
    private var preparedLocks: [AppID: PreparedStateChanged] = [:]
    static let preparedLockLimit = 64

    init(bus: Connection) {
        self.bus = bus
    }

    func add(_ snapshot: AppSnapshot) {
        let object = PublishedApp(snapshot)
        published[snapshot.appID] = object
        bus.export(object, at: snapshot.appID.objectPath)
    }

    /// Unexports the object; a watcher of a registered app first sees `Registered` turn false.
    func remove(_ app: AppID) {
        if let object = published[app], object.snapshot.registered {
            bus.emitPropertiesChanged(
                path: app.objectPath, interface: InterfaceDescriptions.applicationName,
                changed: [(ApplicationProperty.registered.name, .boolean(false))]
            )
        }
        published[app] = nil
        preparedLocks[app] = nil
        bus.unexport(app.objectPath)
    }

    /// The hot path, first half: the app's `StateChanged` (a copy of the prepared one when the app locks as it
    /// did last time), and the new state recorded for `Get`.
    func stateChanged(_ app: AppID, state: AppState, reason: LockReason) {
        if let prepared = preparedLocks[app], prepared.state == state, prepared.reason == reason,
           let signal = prepared.signal.copy() {
            bus.send(signal)
        } else if let signal = try? Message.signal(
            path: managerPath, interface: InterfaceDescriptions.managerName, member: ManagerSignal.stateChanged.name,
            arguments: [.string(app.rawValue), .string(state.rawValue), .string(reason.rawValue)]
        ) {
            bus.send(signal)
            if state != .unlocked, preparedLocks[app] != nil || preparedLocks.count < Self.preparedLockLimit,
               let unsent = signal.copy() {
                preparedLocks[app] = PreparedStateChanged(state: state, reason: reason, signal: unsent)
            }
        }
        published[app]?.update(state: state, reason: reason)
    }

    /// `MissedAttemptsReported` of `app`: it was unlocked after failed attempts.
    func missedAttemptsReported(_ app: AppID, _ record: MissedAttemptLog.Record) {
        bus.emitSignal(
            path: managerPath, interface: InterfaceDescriptions.managerName, member: ManagerSignal.missedAttemptsReported.name,
            arguments: [.string(app.rawValue)] + Agent.missedAttemptValues(record)
        )
    }

    /// The hot path, second half, sent once every app's `StateChanged` has gone out: a two-property
    /// `PropertiesChanged` with the state announced last (nothing when the object has gone meanwhile).
    func statePropertiesChanged(_ app: AppID) {
        guard let object = published[app] else { return }
        bus.emitPropertiesChanged(
            path: app.objectPath, interface: InterfaceDescriptions.applicationName,
            changed: [
                (ApplicationProperty.state.name, .string(object.snapshot.state.rawValue)),
                (ApplicationProperty.reason.name, .string(object.snapshot.reason.rawValue)),
            ]
        )
    }

    /// Announces whichever properties differ from what was announced last.
    func refresh(_ snapshot: AppSnapshot) {
        guard let object = published[snapshot.appID] else { return }
        let changed = object.update(to: snapshot)
        guard !changed.isEmpty else { return }
        bus.emitPropertiesChanged(
            path: snapshot.appID.objectPath, interface: InterfaceDescriptions.applicationName, changed: changed
        )
    }

    /// Announces that `Applications` changed without its value: with thousands of apps, sending the whole
    /// list on every registration made registering quadratic (10,000 apps took over ten minutes).
    func applicationsChanged() {
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName, changed: [], invalidated: [ManagerProperty.applications.name]
        )
    }

    /// `PolicyReloaded`: the policy files were read again.
    func policyReloaded() {
        bus.emitSignal(path: managerPath, interface: InterfaceDescriptions.managerName, member: ManagerSignal.policyReloaded.name)
    }

    func sessionStateChanged(_ state: SessionState) {
        bus.emitSignal(
            path: managerPath, interface: InterfaceDescriptions.managerName, member: ManagerSignal.sessionStateChanged.name,
            arguments: [.string(state.rawValue)]
        )
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName,
            changed: [(ManagerProperty.sessionState.name, .string(state.rawValue))]
        )
    }

    /// The AppLock passcode was set, changed to another kind or removed: `kind` is its kind now, `""` for none.
    func sharedPasscodeKindChanged(_ kind: String) {
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName,
            changed: [(ManagerProperty.sharedPasscodeKind.name, .string(kind))]
        )
    }

    func screenSharedChanged(_ shared: Bool) {
        bus.emitPropertiesChanged(
            path: managerPath, interface: InterfaceDescriptions.managerName,
            changed: [(ManagerProperty.screenShared.name, .boolean(shared))]
        )
    }
}

/// A locking `StateChanged` of one app, never sent itself: each send is a copy (with its own serial).
private struct PreparedStateChanged {
    let state: AppState
    let reason: LockReason
    let signal: Message
}
