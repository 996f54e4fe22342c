import Foundation
public import SystemKit

/// A SystemKit `EventLoop` running on its own thread; `sync` runs work there and waits for it (the bench and the
/// tests that drive many loop-mode connections at once).
public final class LoopThread: @unchecked Sendable {
    public private(set) var loop: EventLoop!
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    public init(name: String) {
        let thread = Thread { [self] in
            do {
                loop = try EventLoop()
            } catch {
                fatalError("cannot create an event loop: \(error)")
            }
            started.signal()
            loop.run()
            finished.signal()
        }
        thread.name = name
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
        started.wait()
    }

    /// Runs `work` on the loop thread and returns its result (rethrowing its error).
    public func sync<T>(_ work: @escaping () throws -> T) throws -> T {
        nonisolated(unsafe) var result: Result<T, any Error>?
        nonisolated(unsafe) let work = work
        let done = DispatchSemaphore(value: 0)
        loop.post {
            result = Result { try work() }
            done.signal()
        }
        done.wait()
        return try result!.get()
    }

    /// Stops the loop and waits for the thread to leave it.
    public func stop() {
        loop.stop()
        finished.wait()
    }
}
