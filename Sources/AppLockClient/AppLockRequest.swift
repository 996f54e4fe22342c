public import AppLockCore
public import AppLockProtocol
package import DBusKit

/// One Manager call, ready to send: its method from the contract, its arguments, the check the client makes
/// first (with the core's rules), and how its reply becomes a value. ``AppLockConnection`` sends it, awaiting or
/// blocking. A new method of the contract needs one constructor here.
public struct AppLockRequest<Value: Sendable>: Sendable {
    let destination: String
    let path: ObjectPath
    let interface: String
    let member: String
    let arguments: [DBusValue]
    /// Why the client refuses the call without sending it, as the agent would word it.
    let refusal: AppLockError?
    /// The value a reply stands for (its arguments, and the unique name that sent it); nil for an unexpected shape.
    let decode: @Sendable (_ arguments: [DBusValue], _ sender: String) -> Value?
    /// This call's own reply timeout, instead of the connection's (a call that waits for the user to authenticate).
    let replyTimeout: Duration?

    init(
        _ method: ManagerMethod, _ arguments: [DBusValue], checking checks: [ManagerError?] = [],
        replyTimeout: Duration? = nil,
        decode: @escaping @Sendable (_ arguments: [DBusValue], _ sender: String) -> Value?
    ) {
        self.init(
            destination: AppLockBusNames.busName, path: AppLockBusNames.managerObjectPath,
            interface: AppLockBusNames.managerInterface, member: method.name, arguments, checking: checks,
            replyTimeout: replyTimeout, decode: decode)
    }

    init(
        path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue], checking checks: [ManagerError?] = [],
        decode: @escaping @Sendable (_ arguments: [DBusValue], _ sender: String) -> Value?
    ) {
        self.init(
            destination: AppLockBusNames.busName, path: path, interface: interface, member: member, arguments,
            checking: checks, decode: decode)
    }

    /// A call to any service (AppLock's own tooling asks the guard and GNOME Shell through this).
    package init(
        destination: String, path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue],
        checking checks: [ManagerError?] = [], replyTimeout: Duration? = nil,
        decode: @escaping @Sendable (_ arguments: [DBusValue], _ sender: String) -> Value?
    ) {
        self.replyTimeout = replyTimeout
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.refusal = checks.lazy.compactMap { $0 }.first.map { AppLockError($0) }
        self.decode = decode
    }

    /// `member(busName)` of the bus daemon itself (`org.freedesktop.DBus`), whose one reply value `decode` reads.
    init(askingTheBus member: String, about busName: String, decode: @escaping @Sendable (DBusValue) -> Value?) {
        self.init(
            destination: "org.freedesktop.DBus", path: AppLockBusNames.busDaemonPath, interface: "org.freedesktop.DBus",
            member: member, [.string(busName)]
        ) { reply, _ in reply.first.flatMap(decode) }
    }

    /// Nil when `passcode` fits `kind`, else the `InvalidPasscode` the agent would answer.
    static func check(newPasscode passcode: String, kind: PasscodeKind) -> ManagerError? {
        do {
            try PasscodeRules.validateShape(passcode, kind: kind)
            return nil
        } catch {
            return .invalidPasscode("\(error)")
        }
    }
}

extension AppLockRequest where Value == Void {
    init(_ method: ManagerMethod, _ arguments: [DBusValue], checking checks: [ManagerError?] = [],
         replyTimeout: Duration? = nil) {
        self.init(method, arguments, checking: checks, replyTimeout: replyTimeout) { _, _ in () }
    }

    /// `RegisterApplication`: binds `appID` to this connection until it is unregistered or the connection closes.
    public static func register(_ appID: AppID) -> Self {
        Self(.registerApplication, [.string(appID.rawValue)])
    }

    /// `UnregisterApplication` (owner only).
    public static func unregister(_ appID: AppID) -> Self {
        Self(.unregisterApplication, [.string(appID.rawValue)])
    }

    /// `Lock`: locks now (reason `manual`); an app without a passcode is obscured instead.
    public static func lock(_ appID: AppID) -> Self {
        Self(.lock, [.string(appID.rawValue)])
    }

    /// `LockAll`.
    public static var lockAll: Self { Self(.lockAll, []) }

    /// `Unlock`: verifies `passcode` and unlocks. Any connection may call it, registered or not.
    public static func unlock(_ appID: AppID, passcode: String) -> Self {
        Self(.unlock, [.string(appID.rawValue), .string(passcode)])
    }

    /// `ConfirmPolicy`: the passcode authenticates the weakenings of the app's policy the agent holds; they apply.
    public static func confirmPolicy(_ appID: AppID, passcode: String) -> Self {
        Self(.confirmPolicy, [.string(appID.rawValue), .string(passcode)])
    }

    /// `ReloadPolicy`: the agent reads the policy files again and applies them (holding weakenings), and the guard
    /// follows; `PolicyFileBroken` names a file that cannot be used, whose last good version stays in force. D-Bus
    /// starts the agent when it is not running.
    public static var reloadPolicy: Self { Self(.reloadPolicy, []) }

    /// `SetPasscode`: the app's first passcode.
    public static func setPasscode(_ appID: AppID, _ passcode: String, kind: PasscodeKind) -> Self {
        Self(
            .setPasscode, [.string(appID.rawValue), .string(passcode), .string(kind.rawValue)],
            checking: [check(newPasscode: passcode, kind: kind)])
    }

    /// `ChangePasscode`: a wrong `old` counts as a failed attempt.
    public static func changePasscode(_ appID: AppID, from old: String, to new: String, kind: PasscodeKind) -> Self {
        Self(
            .changePasscode, [.string(appID.rawValue), .string(old), .string(new), .string(kind.rawValue)],
            checking: [check(newPasscode: new, kind: kind)])
    }

    /// `RemovePasscode`: a wrong passcode counts as a failed attempt.
    public static func removePasscode(_ appID: AppID, passcode: String) -> Self {
        Self(.removePasscode, [.string(appID.rawValue), .string(passcode)])
    }

    /// `SetSharedPasscode`: the AppLock passcode, which apps then use by choice (``useSharedPasscode(_:)``).
    public static func setSharedPasscode(_ passcode: String, kind: PasscodeKind) -> Self {
        Self(
            .setSharedPasscode, [.string(passcode), .string(kind.rawValue)],
            checking: [check(newPasscode: passcode, kind: kind)])
    }

    /// `ChangeSharedPasscode`: replaces the AppLock passcode for every app that uses it; a wrong `old` counts in its
    /// one lock-out.
    public static func changeSharedPasscode(from old: String, to new: String, kind: PasscodeKind) -> Self {
        Self(
            .changeSharedPasscode, [.string(old), .string(new), .string(kind.rawValue)],
            checking: [check(newPasscode: new, kind: kind)])
    }

    /// `RemoveSharedPasscode`: every app that used the AppLock passcode is then without a passcode.
    public static func removeSharedPasscode(passcode: String) -> Self {
        Self(.removeSharedPasscode, [.string(passcode)])
    }

    /// `UseSharedPasscode`: an app without a passcode of its own uses the AppLock passcode from now on.
    public static func useSharedPasscode(_ appID: AppID) -> Self {
        Self(.useSharedPasscode, [.string(appID.rawValue)])
    }

    /// `SwitchToSharedPasscode`: an app with a passcode of its own (`passcode`; a wrong one counts as a failed attempt)
    /// uses the AppLock passcode instead, in one step.
    public static func switchToSharedPasscode(_ appID: AppID, passcode: String) -> Self {
        Self(.switchToSharedPasscode, [.string(appID.rawValue), .string(passcode)])
    }

    /// `ReportActivity` (owner only).
    public static func reportActivity(_ appID: AppID, _ activity: Activity) -> Self {
        Self(.reportActivity, [.string(appID.rawValue), .string(activity.rawValue)])
    }

    /// A call to the bus itself (`org.freedesktop.DBus.GetId`), not to the agent: it returns once the bus has
    /// handled everything this connection sent before it, such as its subscriptions. It never starts the agent.
    public static var busRoundTrip: Self {
        Self(
            destination: "org.freedesktop.DBus", path: AppLockBusNames.busDaemonPath, interface: "org.freedesktop.DBus",
            member: "GetId", []
        ) { _, _ in () }
    }

    /// `Uninhibit`: releases an inhibitor this connection holds.
    public static func uninhibit(cookie: UInt32) -> Self {
        Self(.uninhibit, [.uint32(cookie)])
    }
}

extension AppLockRequest where Value == UInt32 {
    /// `Inhibit` (owner only): returns the cookie for ``AppLockRequest/uninhibit(cookie:)``.
    public static func inhibit(_ appID: AppID, reason: String) -> Self {
        Self(.inhibit, [.string(appID.rawValue), .string(reason)]) { reply, _ in reply.first?.uint32Value }
    }
}

extension AppLockRequest where Value == String {
    /// `GetApplication`: the object path of a registered app or one with a passcode.
    public static func applicationPath(_ appID: AppID) -> Self {
        Self(.getApplication, [.string(appID.rawValue)]) { reply, _ in reply.first?.objectPathValue?.description }
    }
}

extension AppLockRequest where Value == [ApplicationListing] {
    /// `ListApplications`, in the agent's order.
    public static var listApplications: Self {
        Self(.listApplications, []) { reply, _ in
            reply.first?.arrayValue?.compactMap { row in
                guard let fields = row.structureValue, fields.count == 3, let app = fields[0].stringValue.flatMap({ try? AppID($0) }),
                      let state = fields[1].stringValue, let owner = fields[2].stringValue
                else { return nil }
                return ApplicationListing(appID: app, state: AppState(rawValue: state) ?? .locked, owner: owner)
            }
        }
    }
}

extension AppLockRequest where Value == AppProperties {
    /// Every property of the app's object (`Properties.GetAll`); an app the agent does not know answers
    /// `UnknownApplication`. Any connection may read them, registered or not.
    public static func properties(of appID: AppID) -> Self {
        Self(
            path: AppLockBusNames.applicationObjectPath(for: appID), interface: StandardInterfaces.properties,
            member: "GetAll", [.string(AppLockBusNames.applicationInterface)]
        ) { reply, _ in
            guard let entries = reply.first?.dictionaryValue else { return nil }
            var properties = AppProperties(appID: appID)
            properties.apply(entries)
            return properties
        }
    }
}

extension AppLockRequest where Value == PasscodeKind? {
    /// The manager's `SharedPasscodeKind`: the AppLock passcode's kind, nil while none is set.
    public static var sharedPasscodeKind: Self {
        Self(
            path: AppLockBusNames.managerObjectPath, interface: StandardInterfaces.properties, member: "Get",
            [.string(AppLockBusNames.managerInterface), .string(ManagerProperty.sharedPasscodeKind.name)]
        ) { reply, _ in
            reply.first?.unwrappingVariants.stringValue.map { PasscodeKind(rawValue: $0) }
        }
    }
}

extension AppLockRequest where Value == SessionState {
    /// The manager's `SessionState`.
    public static var sessionState: Self {
        Self(
            path: AppLockBusNames.managerObjectPath, interface: StandardInterfaces.properties, member: "Get",
            [.string(AppLockBusNames.managerInterface), .string(ManagerProperty.sessionState.name)]
        ) { reply, _ in
            reply.first?.unwrappingVariants.stringValue.map { SessionState(rawValue: $0) }
        }
    }
}

extension AppLockRequest where Value == String {
    /// The manager's `Version`.
    public static var version: Self {
        Self(
            path: AppLockBusNames.managerObjectPath, interface: StandardInterfaces.properties, member: "Get",
            [.string(AppLockBusNames.managerInterface), .string(ManagerProperty.version.name)]
        ) { reply, _ in reply.first?.unwrappingVariants.stringValue }
    }
}

extension AppLockRequest where Value == String {
    /// `RegisterApplication`, answering the unique name of the agent that registered the app (a session notices
    /// when the agent changes under it).
    static func registerWithAgent(_ appID: AppID) -> Self {
        Self(.registerApplication, [.string(appID.rawValue)]) { _, sender in sender }
    }
}

extension AppLockRequest where Value == UInt32 {
    /// The process id of the connection that owns `busName` (`org.freedesktop.DBus.GetConnectionUnixProcessID`);
    /// a name nobody owns is an error. Asked of the bus itself: it never starts the agent.
    public static func processID(ofBusName busName: String) -> Self {
        Self(askingTheBus: "GetConnectionUnixProcessID", about: busName) { $0.uint32Value }
    }
}

extension AppLockRequest where Value == String {
    /// The unique name of the connection that owns `busName` now (`org.freedesktop.DBus.GetNameOwner`); a name
    /// nobody owns is the bus's `NameHasNoOwner` error. Asked of the bus itself: it never starts the agent.
    static func nameOwner(_ busName: String) -> Self {
        Self(askingTheBus: "GetNameOwner", about: busName) { $0.stringValue }
    }
}

extension AppLockRequest where Value == Bool {
    /// Whether a connection owns `busName` now (`org.freedesktop.DBus.NameHasOwner`). Asked of the bus itself: it
    /// never starts the agent.
    public static func nameHasOwner(_ busName: String) -> Self {
        Self(askingTheBus: "NameHasOwner", about: busName) { $0.boolValue }
    }
}

extension AppLockRequest where Value == [AppID: [String]] {
    /// `GetHeldPolicyChanges`: for each app with a weakening of its policy waiting for authentication, the keys held.
    public static var heldPolicyChanges: Self {
        Self(.getHeldPolicyChanges, []) { reply, _ in
            var held: [AppID: [String]] = [:]
            for row in reply.first?.arrayValue ?? [] {
                guard let fields = row.structureValue, fields.count == 2, let app = fields[0].stringValue.flatMap({ try? AppID($0) }),
                      let keys = fields[1].arrayValue?.compactMap(\.stringValue)
                else { continue }
                held[app] = keys
            }
            return held
        }
    }
}

extension AppLockRequest where Value == [RecentEvent] {
    /// `GetRecentEvents`: the agent's last state changes of every app, oldest first.
    public static var recentEvents: Self {
        Self(.getRecentEvents, []) { reply, _ in
            reply.first?.arrayValue?.compactMap { row in
                guard let fields = row.structureValue, fields.count == 4, let app = fields[0].stringValue.flatMap({ try? AppID($0) }),
                      let state = fields[1].stringValue.flatMap(AppState.init(rawValue:)),
                      let reason = fields[2].stringValue, let time = fields[3].uint64Value
                else { return nil }
                return RecentEvent(app: app, state: state, reason: LockReason(rawValue: reason), time: time)
            }
        }
    }
}

extension AppLockRequest where Value == MissedAttemptLog.Record {
    /// `GetMissedAttempts`: the failed unlocks of `appID` while it was locked, since its last successful unlock.
    /// An attempt whose method or outcome this client does not know is left out; the count still has it.
    public static func missedAttempts(_ appID: AppID) -> Self {
        Self(.getMissedAttempts, [.string(appID.rawValue)]) { reply, _ in
            guard reply.count == 2, let count = reply[0].uint32Value, let rows = reply[1].arrayValue else { return nil }
            let attempts = rows.compactMap { row -> MissedAttempt? in
                guard let fields = row.structureValue, fields.count == 3, let time = fields[0].uint64Value,
                      let method = fields[1].stringValue.flatMap(MissedAttempt.Method.init(rawValue:)),
                      let outcome = fields[2].stringValue.flatMap(MissedAttempt.Outcome.init(rawValue:))
                else { return nil }
                return MissedAttempt(time: time, method: method, outcome: outcome)
            }
            return MissedAttemptLog.Record(count: count, attempts: attempts)
        }
    }
}
