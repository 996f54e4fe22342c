import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit

/// The `io.github.applock.AppLock1.Manager` methods: each checks its signature,
/// feeds the core, carries out the actions, and answers.
extension Agent {
    func exportManager() {
        let manager = AppLockBusNames.managerObjectPath
        let interface = ExportedInterface(
            name: InterfaceDescriptions.managerName,
            xml: InterfaceDescriptions.manager,
            methods: Dictionary(uniqueKeysWithValues: ManagerMethod.allCases.map { ($0.name, handler(for: $0)) }),
            // A call that does not match its method's signature is refused before its body is decoded.
            signatures: Dictionary(uniqueKeysWithValues: ManagerMethod.allCases.map { ($0.name, $0.contract.inputSignature) }),
            properties: { [unowned self] in managerProperties() }
        )
        bus.export(BasicExportedObject(interfaces: [interface]), at: manager)
        bus.enableObjectManager(at: manager)
    }

    /// What answers each method of the contract; the switch makes a method added to the contract a compile error here
    /// until it has a handler.
    private func handler(for method: ManagerMethod) -> MethodHandler {
        switch method {
        case .registerApplication:
            return { [unowned self] in registerApplication($0) }
        case .unregisterApplication:
            return { [unowned self] call in
                answer(call) { now in
                    (machine: try machine.unregister(try AppID.argument(call.string(0)), caller: call.sender, now: now), reply: [])
                }
            }
        case .getApplication:
            return { [unowned self] call in
                answer(call) { _ in
                    let app = try AppID.argument(call.string(0))
                    guard machine.snapshot(of: app) != nil else { throw ManagerError.unknownApplication }
                    return (machine: [], reply: [.objectPath(app.objectPath)])
                }
            }
        case .listApplications:
            return { [unowned self] call in
                answer(call) { _ in (machine: [], reply: [listApplications()]) }
            }
        case .lock:
            return { [unowned self] call in
                answer(call) { now in
                    (machine: try machine.lock(try AppID.argument(call.string(0)), now: now), reply: [])
                }
            }
        case .lockAll:
            return { [unowned self] call in
                answer(call) { now in (machine: machine.lockAll(now: now), reply: []) }
            }
        case .reportActivity:
            return { [unowned self] call in
                answer(call) { now in
                    let app = try AppID.argument(call.string(0))
                    guard let activity = Activity(rawValue: call.string(1)) else {
                        throw ManagerError.invalidArgument("activity must be \"foreground\" or \"background\"")
                    }
                    return (machine: try machine.reportActivity(app, activity, caller: call.sender, now: now), reply: [])
                }
            }
        case .inhibit:
            return { [unowned self] call in
                answer(call) { now in
                    let app = try AppID.argument(call.string(0))
                    let (cookie, actions) = try machine.inhibit(app, reason: call.string(1), caller: call.sender, now: now)
                    return (machine: actions, reply: [.uint32(cookie)])
                }
            }
        case .uninhibit:
            return { [unowned self] call in
                answer(call) { now in
                    guard case .uint32(let cookie) = call.arguments[0] else { return (machine: [], reply: []) }
                    return (machine: try machine.uninhibit(cookie: cookie, caller: call.sender, now: now), reply: [])
                }
            }
        case .getRecentEvents:
            return { [unowned self] call in
                answer(call) { _ in (machine: [], reply: [recentEventRows()]) }
            }
        case .unlock:
            return { [unowned self] in unlock($0) }
        case .setPasscode:
            return { [unowned self] in setPasscode($0) }
        case .changePasscode:
            return { [unowned self] in changePasscode($0) }
        case .removePasscode:
            return { [unowned self] in removePasscode($0) }
        case .setSharedPasscode:
            return { [unowned self] in setSharedPasscode($0) }
        case .changeSharedPasscode:
            return { [unowned self] in changeSharedPasscode($0) }
        case .removeSharedPasscode:
            return { [unowned self] in removeSharedPasscode($0) }
        case .useSharedPasscode:
            return { [unowned self] in useSharedPasscode($0) }
        case .switchToSharedPasscode:
            return { [unowned self] in switchToSharedPasscode($0) }
        case .unlockWithSystemAuthentication:
            return { [unowned self] in unlockWithSystemAuthentication($0) }
        case .resetPasscode:
            return { [unowned self] in resetPasscode($0) }
        case .resetSharedPasscode:
            return { [unowned self] in resetSharedPasscode($0) }
        case .getSystemAuthentication:
            return { [unowned self] in getSystemAuthentication($0) }
        case .confirmPolicy:
            return { [unowned self] in confirmPolicy($0) }
        case .confirmPolicyWithSystemAuthentication:
            return { [unowned self] in confirmPolicyWithSystemAuthentication($0) }
        case .getHeldPolicyChanges:
            return { [unowned self] call in
                answer(call) { _ in (machine: [], reply: [heldPolicyRows()]) }
            }
        case .reloadPolicy:
            return { [unowned self] call in
                answer(call) { _ in
                    let problems = reloadPolicy(source: ManagerMethod.reloadPolicy.name)
                    guard problems.isEmpty else {
                        throw ManagerError.policyFileBroken(problems.map(\.description).joined(separator: "; "))
                    }
                    return (machine: [], reply: [])
                }
            }
        case .reportScreenShare:
            return { [unowned self] call in
                answer(call) { now in
                    guard case .boolean(let sharing) = call.arguments[1] else { return (machine: [], reply: []) }
                    return (machine: try machine.screenShare(sharing, reporter: call.sender, source: call.string(0), now: now),
                            reply: [])
                }
            }
        case .getMissedAttempts:
            return { [unowned self] call in
                answer(call) { _ in
                    let app = try AppID.argument(call.string(0))
                    guard machine.snapshot(of: app) != nil else { throw ManagerError.unknownApplication }
                    return (machine: [], reply: Self.missedAttemptValues(machine.missedAttempts.record(for: app)))
                }
            }
        }
    }

    func managerProperties() -> [(String, DBusValue)] {
        ManagerProperty.allCases.map { property in
            switch property {
            case .version: (property.name, .string(configuration.version))
            case .sessionState: (property.name, .string(machine.sessionState.rawValue))
            case .applications: (property.name, .objectPathArray(machine.knownApps.map(\.objectPath)))
            case .screenShared: (property.name, .boolean(machine.screenShared))
            case .sharedPasscodeKind: (property.name, .string(machine.sharedPasscodeKind?.rawValue ?? ""))
            }
        }
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

    private func heldPolicyRows() -> DBusValue {
        let held = machine.custody.held
        let rows: [DBusValue] = held.keys.sorted().map { app in
            .structure([.string(app.rawValue), .array(element: try! Signature("s"), held[app]!.map { .string($0) })])
        }
        return .array(element: try! Signature("(sas)"), rows)
    }

    /// `(u count, a(tss) attempts)` of a record of missed attempts, as GetMissedAttempts and MissedAttemptsReported
    /// carry it.
    static func missedAttemptValues(_ record: MissedAttemptLog.Record) -> [DBusValue] {
        let rows: [DBusValue] = record.attempts.map { attempt in
            .structure([.uint64(attempt.time), .string(attempt.method.rawValue), .string(attempt.outcome.rawValue)])
        }
        return [.uint32(record.count), .array(element: try! Signature("(tss)"), rows)]
    }

    private func recentEventRows() -> DBusValue {
        let rows: [DBusValue] = recentEvents.events.map { event in
            .structure([.string(event.app.rawValue), .string(event.state.rawValue), .string(event.reason.rawValue),
                        .uint64(event.time)])
        }
        return .array(element: try! Signature("(ssst)"), rows)
    }

    /// Runs `body` with the current time (the object server has checked the signature), carries out
    /// the core's actions, then replies; a `ManagerError` becomes its named D-Bus error.
    func answer(
        _ call: MethodInvocation, _ body: (AgentTime) throws -> (machine: [AgentAction], reply: [DBusValue])
    ) {
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
    /// The string argument at `index` (the object server checked the signature).
    func string(_ index: Int) -> String {
        if case .string(let value) = arguments[index] { return value }
        return ""
    }
}
