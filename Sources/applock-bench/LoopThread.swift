import DBusKit
import Foundation

/// A DBusKit `EventLoop` running on its own thread; `sync` runs work there and waits for it.
final class LoopThread: @unchecked Sendable {
    private(set) var loop: EventLoop!
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    init(name: String) {
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
    func sync<T>(_ work: @escaping () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let call = UncheckedSendable((work, box))
        loop.post {
            let (work, box) = call.value
            box.result = Result { try work() }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Stops the loop and waits for the thread to leave it.
    func stop() {
        loop.stop()
        finished.wait()
    }
}

/// Carries a result from the loop thread back to the waiting caller.
final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
