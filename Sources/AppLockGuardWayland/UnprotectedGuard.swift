public import AppLockGuard
import AppLockGuardDriver
import DBusKit
import Glibc

/// The guard on a desktop it cannot protect: it says so once, plainly, and stays on the bus with that statement
/// (`applockctl status` shows it) until SIGTERM, so that the session does not restart it in a loop. The agent's
/// locks still hold for apps that integrate with AppLock.
public final class UnprotectedGuard {
    private let loop: EventLoop
    private let bus: Connection
    private let status: GuardStatus

    public init(desktop: GuardDesktop) throws {
        loop = try EventLoop()
        bus = try Connection.session(loop: loop)
        status = try GuardStatus(on: bus, desktop: desktop)
    }

    public func run() {
        loop.onSignal(SIGTERM) { [loop] in loop.stop() }
        loop.onSignal(SIGINT) { [loop] in loop.stop() }
        bus.onDisconnected = { [loop] in loop.stop() }
        loop.run()
    }
}
