import AppLockAgentCore
import AppLockCore
import DBusKit
import Glibc
import Logging
import SystemKit

/// Follows systemd-logind on the system bus the way swayidle does: finds the
/// agent's own session (`GetSession("auto")`, then `$XDG_SESSION_ID`, then
/// `GetSessionByPID`), listens with narrow match rules to its `Lock`, `Unlock`
/// and `PropertiesChanged` and to the manager's `PrepareForSleep` and
/// `PrepareForShutdown`, and holds a `delay` inhibitor for sleep.
///
/// A missing system bus or logind is reported and waited for: the bus is
/// reconnected with a growing back-off, logind's return is seen through
/// `NameOwnerChanged`.
final class LogindWatcher {
    static let service = "org.freedesktop.login1"
    static let managerPath = try! ObjectPath("/org/freedesktop/login1")
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    private let loop: EventLoop
    private let address: String?
    private let logger: Logger
    private let onEvent: (SessionEvent) -> Void

    private var bus: Connection?
    private var sessionPath: ObjectPath?
    private var sessionTokens: [MatchToken] = []
    private var inhibitor: UnixFileDescriptor?
    private var wantsInhibitor = true
    private var reconnectDelay: Duration = .seconds(1)
    private var reconnectTimer: TimerHandle?
    private var sessionRetryTimer: TimerHandle?
    /// How many more rounds of session look-ups follow a failed first one (0.5 s, 1 s, 2 s apart).
    private static let sessionLookupRounds = 3
    private var idleHint = false
    private var idleSince: UnixMicroseconds?

    init(loop: EventLoop, address: String?, logger: Logger, onEvent: @escaping (SessionEvent) -> Void) {
        self.loop = loop
        self.address = address
        self.logger = logger
        self.onEvent = onEvent
    }

    func start() {
        connect()
    }

    // MARK: - The system bus

    private func connect() {
        reconnectTimer = nil
        let connection: Connection
        do {
            connection = try address.map { try Connection.address($0, loop: loop) } ?? Connection.system(loop: loop)
        } catch {
            // Said once at warning level; the retries that follow are debug noise.
            logger.log(
                level: reconnectDelay == .seconds(1) ? .warning : .debug,
                "no system bus: session lock, idle, suspend and shutdown are not watched; retrying",
                metadata: ["error": "\(error)", "retry-in": "\(reconnectDelay)"]
            )
            scheduleReconnect()
            return
        }
        reconnectDelay = .seconds(1)
        bus = connection
        connection.onDisconnected = { [unowned self] in
            logger.error("lost the system bus: session lock, idle, suspend and shutdown are not watched until it is back")
            dropSession()
            inhibitor?.close()
            inhibitor = nil
            bus = nil
            scheduleReconnect()
        }
        _ = connection.watchNameOwner(Self.service) { [unowned self] _, newOwner in
            if newOwner.isEmpty {
                logger.error("logind left the system bus: session lock, idle and suspend are not watched until it is back")
                dropSession()
                inhibitor?.close()
                inhibitor = nil
            } else {
                logger.info("logind is on the system bus", metadata: ["owner": "\(newOwner)"])
                attach()
            }
        }
        subscribeToManager(connection)
        call(Self.dbusCall("GetNameOwner", [.string(Self.service)])) { [unowned self] result in
            switch result {
            case .success: attach()
            case .failure:
                logger.warning("logind is not running: session lock, idle and suspend are not watched until it starts")
            }
        }
    }

    private func scheduleReconnect() {
        guard reconnectTimer == nil else { return }
        let deadline = EventLoop.bootTimeNanoseconds() + UInt64(reconnectDelay.components.seconds) * 1_000_000_000
        reconnectTimer = loop.schedule(at: .bootTime(nanoseconds: deadline)) { [unowned self] in connect() }
        reconnectDelay = min(reconnectDelay * 2, .seconds(60))
    }

    private func subscribeToManager(_ connection: Connection) {
        for member in ["PrepareForSleep", "PrepareForShutdown"] {
            let rule = MatchRule(sender: Self.service, path: Self.managerPath, interface: Self.managerInterface, member: member)
            _ = connection.addMatch(rule) { [unowned self] message in
                guard let arguments = try? message.arguments(), case .boolean(let starting)? = arguments.first else { return }
                if member == "PrepareForSleep" {
                    logger.info(starting ? "the system is going to sleep" : "the system woke up")
                    onEvent(.prepareForSleep(starting))
                } else {
                    logger.info(starting ? "the system is shutting down" : "shutdown cancelled")
                    onEvent(.prepareForShutdown(starting))
                }
            }
        }
    }

    // MARK: - Finding the session

    /// logind is there: take the sleep inhibitor and find our session.
    private func attach() {
        if wantsInhibitor, inhibitor == nil { acquireSleepInhibitor() }
        if let sessionRetryTimer { loop.cancel(sessionRetryTimer) }
        sessionRetryTimer = nil
        findSession(attempts: Self.sessionLookups())
    }

    private static func sessionLookups() -> [(method: String, argument: DBusValue)] {
        var lookups: [(String, DBusValue)] = [("GetSession", .string("auto"))]
        if let id = getenv("XDG_SESSION_ID").map({ String(cString: $0) }), !id.isEmpty {
            lookups.append(("GetSession", .string(id)))
        }
        lookups.append(("GetSessionByPID", .uint32(UInt32(getpid()))))
        return lookups
    }

    /// Tries each look-up in turn; a session counts as found only when its object answers `GetAll`.
    /// When none works (logind may be starting up), tries again a few times with a growing pause.
    private func findSession(attempts: [(method: String, argument: DBusValue)], round: Int = 0) {
        guard let (method, argument) = attempts.first else {
            if round < Self.sessionLookupRounds {
                let pause = UInt64(500_000_000) << UInt64(round)
                sessionRetryTimer = loop.schedule(at: .bootTime(nanoseconds: EventLoop.bootTimeNanoseconds() + pause)) {
                    [unowned self] in
                    sessionRetryTimer = nil
                    findSession(attempts: Self.sessionLookups(), round: round + 1)
                }
            } else {
                logger.warning("this process is in no logind session: session lock, idle and user switches are not watched; suspend is")
            }
            return
        }
        call(Self.managerCall(method, [argument])) { [unowned self] result in
            guard case .success(let reply) = result, let path = (try? reply.arguments())?.first?.objectPathValue else {
                return findSession(attempts: Array(attempts.dropFirst()), round: round)
            }
            let getAll = try! Message.methodCall(
                destination: Self.service, path: path, interface: Self.propertiesInterface, member: "GetAll",
                arguments: [.string(Self.sessionInterface)]
            )
            call(getAll) { [unowned self] result in
                guard case .success(let reply) = result, let all = (try? reply.arguments())?.first?.dictionaryValue else {
                    return findSession(attempts: Array(attempts.dropFirst()), round: round)
                }
                subscribe(to: path, foundBy: method, properties: all)
            }
        }
    }

    private func subscribe(to path: ObjectPath, foundBy method: String, properties initial: [(DBusValue, DBusValue)]) {
        guard let bus else { return }
        dropSession()
        sessionPath = path
        logger.info("watching logind session", metadata: ["session": "\(path)", "found-by": "\(method)"])
        for member in ["Lock", "Unlock"] {
            let rule = MatchRule(sender: Self.service, path: path, interface: Self.sessionInterface, member: member)
            sessionTokens.append(bus.addMatch(rule) { [unowned self] _ in
                // The apps' signals leave first; the log line is written after them.
                onEvent(.sessionLocked(member == "Lock"))
                logger.info("logind session \(member == "Lock" ? "locked" : "unlocked")")
            })
        }
        let properties = MatchRule(
            sender: Self.service, path: path, interface: Self.propertiesInterface, member: "PropertiesChanged",
            arg0: Self.sessionInterface
        )
        sessionTokens.append(bus.addMatch(properties) { [unowned self] message in
            guard let arguments = try? message.arguments(), arguments.count >= 2 else { return }
            apply(properties: arguments[1].dictionaryValue ?? [])
        })
        apply(properties: initial)
    }

    private func dropSession() {
        if let sessionRetryTimer { loop.cancel(sessionRetryTimer) }
        sessionRetryTimer = nil
        for token in sessionTokens { bus?.removeMatch(token) }
        sessionTokens = []
        sessionPath = nil
    }

    private func apply(properties: [(DBusValue, DBusValue)]) {
        var idleChanged = false
        for (key, value) in properties {
            guard let name = key.stringValue else { continue }
            let value = value.variantValue ?? value
            switch name {
            case "LockedHint":
                if let locked = value.boolValue { onEvent(.sessionLocked(locked)) }
            case "Active":
                if let isActive = value.boolValue { onEvent(.sessionActive(isActive)) }
            case "IdleHint":
                if let idle = value.boolValue, idle != idleHint { idleHint = idle; idleChanged = true }
            case "IdleSinceHint":
                if let since = value.uint64Value, since != idleSince { idleSince = since; idleChanged = true }
            default:
                break
            }
        }
        if idleChanged {
            onEvent(.idleHint(idleHint, since: idleHint ? idleSince : nil))
        }
    }

    // MARK: - The sleep inhibitor

    func acquireSleepInhibitor() {
        wantsInhibitor = true
        guard inhibitor == nil else { return }
        let message = Self.managerCall("Inhibit", [
            .string("sleep"), .string("AppLock"), .string("Locking applications before the system sleeps"), .string("delay"),
        ])
        call(message) { [unowned self] result in
            switch result {
            case .success(let reply):
                if case .unixFD(let fd)? = (try? reply.arguments())?.first {
                    inhibitor?.close()
                    inhibitor = fd
                }
            case .failure(let error):
                logger.warning("no sleep inhibitor: apps are locked on suspend, but the system may sleep before they hide",
                               metadata: ["error": "\(error)"])
            }
        }
    }

    /// Lets the system sleep: called after the apps' `StateChanged` signals have been flushed.
    func releaseSleepInhibitor() {
        wantsInhibitor = false
        inhibitor?.close()
        inhibitor = nil
    }

    // MARK: - Calls

    private func call(_ message: Message, _ reply: @escaping (Result<Message, DBusError>) -> Void) {
        guard let bus else { return reply(.failure(.disconnected)) }
        bus.call(message, timeout: .seconds(10), reply: reply)
    }

    private static func managerCall(_ member: String, _ arguments: [DBusValue]) -> Message {
        try! Message.methodCall(
            destination: service, path: managerPath, interface: managerInterface, member: member, arguments: arguments
        )
    }

    private static func dbusCall(_ member: String, _ arguments: [DBusValue]) -> Message {
        try! Message.methodCall(
            destination: "org.freedesktop.DBus", path: try! ObjectPath("/org/freedesktop/DBus"),
            interface: "org.freedesktop.DBus", member: member, arguments: arguments
        )
    }
}
