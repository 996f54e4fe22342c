import Foundation
import Glibc
import SystemKit
import X11Kit

/// Another X client, on a thread of its own, that notes when top-level windows are mapped and unmapped (monotonic
/// ns) and how large they are, and when the window manager activates one: how a screen reader, a screen-sharing tool
/// or a user's eyes learn that something now covers a window, and how any client learns which window was reached for.
final class MapWatcher: @unchecked Sendable {
    /// One window mapped or unmapped.
    struct Change {
        var window: UInt32
        var mapped: Bool
        var at: UInt64
        var width: UInt32
        var height: UInt32
    }

    private let lock = NSCondition()
    private var changes: [Change] = []
    /// The window manager's `_NET_ACTIVE_WINDOW` each time it changed (0: none), and when.
    private var activations: [(window: UInt32, at: UInt64)] = []
    private var stopping = false
    private var thread: Thread?
    private let ready = DispatchSemaphore(value: 0)
    private var failure: String?
    /// Whether the watching thread runs under `SCHED_FIFO` (see ``ObserverPriority``).
    private(set) var realtime = false

    init(display: String) throws {
        let thread = Thread { [self] in watch(display) }
        thread.name = "bench-x-watcher"
        self.thread = thread
        thread.start()
        ready.wait()
        if let failure { throw BenchError(failure) }
    }

    private func watch(_ name: String) {
        realtime = ObserverPriority.raiseCurrentThread()
        let display: X11Display
        do {
            display = try X11Display(name: name)
        } catch {
            failure = "\(error)"
            ready.signal()
            return
        }
        display.followRoot()
        display.sync()
        ready.signal()
        while !lock.withLock({ stopping }) {
            var entry = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 100)
            while let event = display.nextEvent() {
                let now = EventLoop.bootTimeNanoseconds()
                let window: X11Window
                let mapped: Bool
                switch event {
                case .mapped(let w): window = w; mapped = true
                case .unmapped(let w): window = w; mapped = false
                case .propertyChanged(let w, .activeWindow) where w == display.root:
                    let active = display.activeWindow()?.id ?? 0
                    lock.withLock {
                        activations.append((active, now))
                        lock.broadcast()
                    }
                    continue
                default: continue
                }
                let size = display.geometry(of: window)
                let change = Change(window: window.id, mapped: mapped, at: now, width: size?.width ?? 0,
                                    height: size?.height ?? 0)
                lock.withLock {
                    changes.append(change)
                    lock.broadcast()
                }
            }
        }
    }

    /// Forgets every change seen so far.
    func reset() {
        lock.withLock {
            changes.removeAll()
            activations.removeAll()
        }
    }

    /// Waits until the window manager has made `window` the active window (its own view of an activation); when,
    /// or nil after `timeout` seconds.
    func waitForActivation(of window: UInt32, timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let found = activations.first(where: { $0.window == window }) { return found.at }
            if !lock.wait(until: deadline) { return activations.first { $0.window == window }?.at }
        }
    }

    /// Waits until a change matching `predicate` has been seen; nil after `timeout` seconds.
    func waitFor(timeout: Double, _ predicate: (Change) -> Bool) -> Change? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let found = changes.first(where: predicate) { return found }
            if !lock.wait(until: deadline) { return changes.first(where: predicate) }
        }
    }

    var debugChanges: [Change] { lock.withLock { changes } }

    func stop() {
        lock.withLock { stopping = true }
        while thread?.isFinished == false { Thread.sleep(forTimeInterval: 0.01) }
    }
}
