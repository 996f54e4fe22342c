public import AppLockProtocol
import SystemKit

/// The registrar of a program that speaks for apps it does not run itself (the guard registers every app it covers,
/// the lock window follows the app it unlocks): follows the agent's presence, registers apps as the connection's
/// owner, and follows their properties, on an ``AppLockConnection``. Everything it learns reaches `report` as an
/// ``AppLockRegistrarEvent`` on the connection's loop thread (the caller's own loop for a connection opened with
/// ``AppLockConnection/init(loop:busAddress:timeout:)``). ``AppLockSession`` is built on the same registrar.
///
/// It never retries a refused registration and, after the agent left, registers an app again only when asked:
/// when to try again is the program's. Closing the connection ends it.
public final class AppLockRegistrar: Sendable {
    private let connection: AppLockConnection
    /// Made and touched on the connection's loop thread only.
    private let core: UncheckedSendable<LoopRegistrar?>

    /// Starts following the agent's presence on `connection` (the first ``AppLockRegistrarEvent/agentPresence(_:)`` says
    /// whether it is on the bus now).
    public init(connection: AppLockConnection, report: @escaping @Sendable (AppLockRegistrarEvent) -> Void) {
        self.connection = connection
        let core = UncheckedSendable<LoopRegistrar?>(nil)
        self.core = core
        let timeout = connection.timeout
        connection.onLoop { connection in
            core.value = LoopRegistrar(connection: connection, timeout: timeout, reregisters: false, report: report)
        }
    }

    deinit {
        close()
    }

    /// Registers `app` as the connection's and follows its properties; the answer is
    /// ``AppLockRegistrarEvent/registration(_:_:)`` with the properties read right after.
    public func register(_ app: AppID) {
        post { $0.register(app) }
    }

    /// Follows `app`'s properties without registering it: read now, again whenever the agent comes back, and
    /// after every change.
    public func follow(_ app: AppID) {
        post { $0.follow(app) }
    }

    /// Ends the registration of `app` and stops following it.
    public func unregister(_ app: AppID) {
        post { $0.unregister(app) }
    }

    /// Reports nothing more and drops the link's subscriptions; the connection stays open.
    public func close() {
        post { $0.close() }
    }

    private func post(_ work: @escaping @Sendable (LoopRegistrar) -> Void) {
        let core = self.core
        connection.onLoop { _ in core.value.map(work) }
    }
}
