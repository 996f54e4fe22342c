import AppLockCore
import DBusKit

/// The `io.github.applock.AppLock1.Manager` methods: each checks its signature,
/// feeds the core, carries out the actions, and answers.
extension Agent {
    func exportManager() {
        let manager = try! ObjectPath(AppLockBusNames.managerPath)
        let methods: [String: MethodHandler] = [
            "RegisterApplication": { [unowned self] in registerApplication($0) },
            "UnregisterApplication": { [unowned self] call in
                answer(call, "s") { now in
                    (machine: try machine.unregister(try AppID.argument(call.string(0)), caller: call.sender, now: now), reply: [])
                }
            },
            "GetApplication": { [unowned self] call in
                answer(call, "s") { _ in
                    let app = try AppID.argument(call.string(0))
                    guard machine.snapshot(of: app) != nil else { throw ManagerError.unknownApplication }
                    return (machine: [], reply: [.objectPath(app.objectPath)])
                }
            },
            "ListApplications": { [unowned self] call in
                answer(call, "") { _ in (machine: [], reply: [listApplications()]) }
            },
            "Lock": { [unowned self] call in
                answer(call, "s") { now in
                    (machine: try machine.lock(try AppID.argument(call.string(0)), now: now), reply: [])
                }
            },
            "LockAll": { [unowned self] call in
                answer(call, "") { now in (machine: machine.lockAll(now: now), reply: []) }
            },
            "ReportActivity": { [unowned self] call in
                answer(call, "ss") { now in
                    let app = try AppID.argument(call.string(0))
                    guard let activity = Activity(rawValue: call.string(1)) else {
                        throw ManagerError.invalidArgument("activity must be \"foreground\" or \"background\"")
                    }
                    return (machine: try machine.reportActivity(app, activity, caller: call.sender, now: now), reply: [])
                }
            },
            "Inhibit": { [unowned self] call in
                answer(call, "ss") { now in
                    let app = try AppID.argument(call.string(0))
                    let (cookie, actions) = try machine.inhibit(app, reason: call.string(1), caller: call.sender, now: now)
                    return (machine: actions, reply: [.uint32(cookie)])
                }
            },
            "Uninhibit": { [unowned self] call in
                answer(call, "u") { now in
                    guard case .uint32(let cookie) = call.arguments[0] else { return (machine: [], reply: []) }
                    return (machine: try machine.uninhibit(cookie: cookie, caller: call.sender, now: now), reply: [])
                }
            },
            "Unlock": { [unowned self] in unlock($0) },
            "SetPasscode": { [unowned self] in setPasscode($0) },
            "ChangePasscode": { [unowned self] in changePasscode($0) },
            "RemovePasscode": { [unowned self] in removePasscode($0) },
            "UnlockWithSystemAuthentication": { [unowned self] in unlockWithSystemAuthentication($0) },
            "ResetPasscode": { [unowned self] in resetPasscode($0) },
        ]
        let interface = ExportedInterface(
            name: InterfaceDescriptions.managerName,
            xml: InterfaceDescriptions.manager,
            methods: methods,
            signatures: Self.managerSignatures,
            properties: { [unowned self] in managerProperties() }
        )
        bus.export(BasicExportedObject(interfaces: [interface]), at: manager)
        bus.enableObjectManager(at: manager)
    }

    /// Each method's input signature: a call that does not match is refused before its body is decoded.
    static let managerSignatures: [String: String] = [
        "RegisterApplication": "s", "UnregisterApplication": "s", "GetApplication": "s", "ListApplications": "",
        "Lock": "s", "LockAll": "", "ReportActivity": "ss", "Inhibit": "ss", "Uninhibit": "u", "Unlock": "ss",
        "SetPasscode": "sss", "ChangePasscode": "ssss", "RemovePasscode": "ss",
        "UnlockWithSystemAuthentication": "s", "ResetPasscode": "s",
    ]

    func managerProperties() -> [(String, DBusValue)] {
        [
            ("Version", .string(configuration.version)),
            ("SessionState", .string(machine.sessionState.rawValue)),
            ("Applications", .objectPathArray(machine.knownApps.map(\.objectPath))),
        ]
    }

    private func listApplications() -> DBusValue {
        let rows: [DBusValue] = machine.knownApps.compactMap { app in
            guard let snapshot = machine.snapshot(of: app) else { return nil }
            return .structure([
                .string(app.rawValue), .string(snapshot.state.rawValue), .string(snapshot.owner ?? ""),
            ])
        }
        return .array(element: try! Signature("(sss)"), rows)
    }

    /// Checks the signature, runs `body` with the current time, carries out
    /// the core's actions, then replies; a `ManagerError` becomes its named D-Bus error.
    func answer(
        _ call: MethodInvocation, _ signature: String,
        _ body: (UnixMicroseconds) throws -> (machine: [AgentAction], reply: [DBusValue])
    ) {
        guard call.expect(signature) else { return }
        do {
            let (actions, reply) = try body(now())
            perform(actions, source: "call from \(call.sender)")
            call.reply(reply)
        } catch let error as ManagerError {
            call.fail(error.dbusError)
        } catch {
            call.fail(.failed("\(error)"))
        }
    }
}

extension MethodInvocation {
    /// The string argument at `index`; call only after `expect` checked the signature.
    func string(_ index: Int) -> String {
        if case .string(let value) = arguments[index] { return value }
        return ""
    }
}
