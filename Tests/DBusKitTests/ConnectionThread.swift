import AppLockTestSupport
import DBusKit
import SystemKit

/// A ``LoopThread`` that holds one test connection and closes it on shutdown.
final class ConnectionThread: @unchecked Sendable {
    private let thread = LoopThread(name: "dbuskit-test")
    /// Loop-thread-only storage for the test's connection.
    var connection: Connection?

    var loop: EventLoop { thread.loop }

    func sync<T>(_ body: @escaping () throws -> T) throws -> T {
        try thread.sync(body)
    }

    func shutdown() {
        _ = try? sync { self.connection?.close(); self.connection = nil }
        thread.stop()
    }
}
