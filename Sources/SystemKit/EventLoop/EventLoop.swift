import CSystem
import Glibc
import Synchronization

/// A single-threaded epoll event loop: fd watches, timers on two clocks (one timerfd each), signals (signalfd)
/// and a thread-safe work queue (eventfd). It sleeps in one `epoll_wait` with no timeout when nothing is pending.
///
/// Everything except ``post(_:)``, ``stop()``, ``inLoop`` and the static clocks must be called on the loop thread:
/// the thread that created the loop until ``run()`` starts, then the thread running ``run()``.
public final class EventLoop: @unchecked Sendable {
    private struct FDWatch {
        var fd: Int32
        var readable: Bool
        var writable: Bool
        var handler: (FDEvents) -> Void
    }

    private struct TimerEntry {
        var deadline: UInt64
        var wall: Bool
        var handler: () -> Void
    }

    private struct HeapItem {
        var deadline: UInt64
        var id: UInt64
    }

    private static let wakeToken: UInt64 = 0
    private static let monotonicToken: UInt64 = 1
    private static let wallToken: UInt64 = 2
    private static let signalToken: UInt64 = 3
    private static let fdTokenBase: UInt64 = 16

    private let epollFD: Int32
    private let wakeFD: Int32
    private let monotonicTimerFD: Int32
    private let wallTimerFD: Int32
    private var signalFD: Int32 = -1
    private var signalMask = sigset_t()
    private var signalHandlers: [Int32: () -> Void] = [:]

    private let ownerThread: Atomic<UInt>
    private let runningTID = Atomic<Int32>(0)
    private let stopRequested = Atomic<Bool>(false)
    private let hasPosted = Atomic<Bool>(false)
    private let posted = Mutex<[@Sendable () -> Void]>([])
    private var soon: [() -> Void] = []

    private var nextID: UInt64 = 1
    private var fdWatches: [UInt64: FDWatch] = [:]
    private var watchesByFD: [Int32: [UInt64]] = [:]
    private var registeredFDs: [Int32: UInt32] = [:]

    private var timers: [UInt64: TimerEntry] = [:]
    private var monotonicHeap: [HeapItem] = []
    private var wallHeap: [HeapItem] = []
    private var liveMonotonic = 0
    private var liveWall = 0
    private var armedMonotonic: UInt64 = 0
    private var armedWall: UInt64 = 0
    private var timersDirty = false

    /// Creates the epoll instance, the wake-up eventfd and the two timerfds.
    public init() throws {
        let ep = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard ep >= 0 else { throw SystemCallError("epoll_create1", errno) }
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else {
            let e = errno
            Glibc.close(ep)
            throw SystemCallError("eventfd", e)
        }
        let mono = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        let wall = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard mono >= 0, wall >= 0 else {
            let e = errno
            Glibc.close(ep)
            Glibc.close(wake)
            if mono >= 0 { Glibc.close(mono) }
            if wall >= 0 { Glibc.close(wall) }
            throw SystemCallError("timerfd_create", e)
        }
        epollFD = ep
        wakeFD = wake
        monotonicTimerFD = mono
        wallTimerFD = wall
        ownerThread = Atomic(UInt(pthread_self()))
        sigemptyset(&signalMask)
        Self.epollAdd(ep, fd: wake, events: EPOLLIN.rawValue, token: Self.wakeToken)
        Self.epollAdd(ep, fd: mono, events: EPOLLIN.rawValue, token: Self.monotonicToken)
        Self.epollAdd(ep, fd: wall, events: EPOLLIN.rawValue, token: Self.wallToken)
    }

    deinit {
        Glibc.close(epollFD)
        Glibc.close(wakeFD)
        Glibc.close(monotonicTimerFD)
        Glibc.close(wallTimerFD)
        if signalFD >= 0 { Glibc.close(signalFD) }
    }

    // MARK: Threads

    /// True when the calling thread is the loop thread.
    public var inLoop: Bool {
        pthread_equal(pthread_self(), pthread_t(ownerThread.load(ordering: .acquiring))) != 0
    }

    /// Traps unless called on the loop thread.
    public func preconditionInLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inLoop, "EventLoop API used off the loop thread", file: file, line: line)
    }

    /// The kernel thread id of the thread running ``run()`` (0 when not running); its
    /// `/proc/self/task/<id>/status` shows the loop's context switches.
    public var threadID: Int32 { runningTID.load(ordering: .acquiring) }

    /// Runs `work` on the loop thread soon. Thread-safe.
    public func post(_ work: @escaping @Sendable () -> Void) {
        let wasEmpty = posted.withLock { queue -> Bool in
            queue.append(work)
            return queue.count == 1
        }
        hasPosted.store(true, ordering: .releasing)
        if wasEmpty && !inLoop { wakeUp() }
    }

    /// Runs `work` on the loop thread at the next iteration (loop thread only; no wake-up needed).
    public func runSoon(_ work: @escaping () -> Void) {
        soon.append(work)
    }

    /// Interrupts `epoll_wait`. Thread-safe.
    public func wakeUp() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    /// Stops ``run()`` after the current iteration. Thread-safe.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        if !inLoop { wakeUp() }
    }

    /// Runs the loop on the calling thread until ``stop()``.
    public func run() {
        ownerThread.store(UInt(pthread_self()), ordering: .releasing)
        runningTID.store(csystem_gettid(), ordering: .releasing)
        defer {
            runningTID.store(0, ordering: .releasing)
            stopRequested.store(false, ordering: .releasing)
        }
        let capacity = 64
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while !stopRequested.load(ordering: .acquiring) {
            runQueued()
            if stopRequested.load(ordering: .acquiring) { break }
            if timersDirty { rearmTimers() }
            let idle = soon.isEmpty && !hasPosted.load(ordering: .acquiring)
            let count = epoll_wait(epollFD, events, Int32(capacity), idle ? -1 : 0)
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("epoll_wait failed: errno \(errno)")
            }
            for index in 0..<Int(count) {
                let event = events[index]
                handle(token: event.data.u64, events: event.events)
            }
        }
    }

    private func runQueued() {
        if hasPosted.load(ordering: .acquiring) {
            let work = posted.withLock { queue -> [@Sendable () -> Void] in
                hasPosted.store(false, ordering: .releasing)
                let taken = queue
                queue.removeAll(keepingCapacity: true)
                return taken
            }
            for item in work { item() }
        }
        var rounds = 0
        while !soon.isEmpty && rounds < 16 {
            let work = soon
            soon.removeAll(keepingCapacity: true)
            for item in work { item() }
            rounds += 1
        }
    }

    private func handle(token: UInt64, events: UInt32) {
        switch token {
        case Self.wakeToken:
            var value: UInt64 = 0
            _ = Glibc.read(wakeFD, &value, 8)
        case Self.monotonicToken:
            drainTimerFD(monotonicTimerFD)
            armedMonotonic = 0
            fireTimers(wall: false)
        case Self.wallToken:
            drainTimerFD(wallTimerFD)
            armedWall = 0
            fireTimers(wall: true)
        case Self.signalToken:
            readSignals()
        default:
            dispatchFD(Int32(truncatingIfNeeded: token - Self.fdTokenBase), events: events)
        }
    }

    // MARK: File descriptors

    /// Calls `handler` on the loop thread whenever `fd` is readable/writable as requested (level-triggered);
    /// errors and hang-ups are always reported. Several watches may share one fd.
    public func watch(
        fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping (FDEvents) -> Void
    ) -> WatchHandle {
        let id = nextID
        nextID += 1
        fdWatches[id] = FDWatch(fd: fd, readable: readable, writable: writable, handler: handler)
        watchesByFD[fd, default: []].append(id)
        updateInterest(fd)
        return WatchHandle(id: id)
    }

    /// Removes a watch made by ``watch(fd:readable:writable:_:)``. Unknown handles are ignored.
    public func unwatch(_ handle: WatchHandle) {
        guard let watch = fdWatches.removeValue(forKey: handle.id) else { return }
        if var ids = watchesByFD[watch.fd] {
            ids.removeAll { $0 == handle.id }
            watchesByFD[watch.fd] = ids.isEmpty ? nil : ids
        }
        updateInterest(watch.fd)
    }

    private func updateInterest(_ fd: Int32) {
        var mask: UInt32 = 0
        for id in watchesByFD[fd] ?? [] {
            guard let watch = fdWatches[id] else { continue }
            if watch.readable { mask |= EPOLLIN.rawValue }
            if watch.writable { mask |= EPOLLOUT.rawValue }
        }
        let current = registeredFDs[fd]
        if mask == 0 {
            if current != nil {
                var event = epoll_event()
                _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, &event)
                registeredFDs[fd] = nil
            }
            return
        }
        if current == mask { return }
        var event = epoll_event()
        event.events = mask
        event.data.u64 = UInt64(UInt32(bitPattern: fd)) + Self.fdTokenBase
        if current == nil {
            if epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) != 0 && errno == EEXIST {
                _ = epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
            }
        } else if epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event) != 0 && errno == ENOENT {
            _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
        }
        registeredFDs[fd] = mask
    }

    private func dispatchFD(_ fd: Int32, events: UInt32) {
        guard let ids = watchesByFD[fd] else { return }
        var reported: FDEvents = []
        if events & EPOLLIN.rawValue != 0 { reported.insert(.readable) }
        if events & EPOLLOUT.rawValue != 0 { reported.insert(.writable) }
        if events & EPOLLERR.rawValue != 0 { reported.insert(.error) }
        if events & EPOLLHUP.rawValue != 0 { reported.insert(.hangup) }
        for id in ids {
            guard let watch = fdWatches[id] else { continue }
            var mine: FDEvents = reported.intersection([.error, .hangup])
            if watch.readable && reported.contains(.readable) { mine.insert(.readable) }
            if watch.writable && reported.contains(.writable) { mine.insert(.writable) }
            if !mine.isEmpty { watch.handler(mine) }
        }
    }

    // MARK: Timers

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// `CLOCK_REALTIME` now, as Unix time in microseconds.
    public static func wallClockMicroseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000 &+ UInt64(ts.tv_nsec / 1000)
    }

    /// Calls `handler` once on the loop thread at `deadline` (at once when it has passed). Loop thread only.
    @discardableResult
    public func schedule(at deadline: TimerDeadline, _ handler: @escaping () -> Void) -> TimerHandle {
        let id = nextID
        nextID += 1
        let wall: Bool
        let nanos: UInt64
        switch deadline {
        case .monotonic(let ns):
            wall = false
            nanos = max(ns, 1)
        case .wallClock(let us):
            wall = true
            nanos = max(us.multipliedReportingOverflow(by: 1000).overflow ? UInt64.max : us * 1000, 1)
        }
        timers[id] = TimerEntry(deadline: nanos, wall: wall, handler: handler)
        let item = HeapItem(deadline: nanos, id: id)
        if wall {
            liveWall += 1
            Self.heapPush(&wallHeap, item)
            if armedWall == 0 || nanos < armedWall { timersDirty = true }
        } else {
            liveMonotonic += 1
            Self.heapPush(&monotonicHeap, item)
            if armedMonotonic == 0 || nanos < armedMonotonic { timersDirty = true }
        }
        return TimerHandle(id: id)
    }

    /// Cancels a timer; a fired or unknown handle is ignored. Loop thread only.
    public func cancel(_ handle: TimerHandle) {
        guard let entry = timers.removeValue(forKey: handle.id) else { return }
        // Re-arm when the armed deadline was this timer's: a timerfd left armed for a cancelled timer
        // would wake an idle process for nothing.
        if entry.deadline == (entry.wall ? armedWall : armedMonotonic) { timersDirty = true }
        if entry.wall {
            liveWall -= 1
            if wallHeap.count > 64 && wallHeap.count > 4 * liveWall { compact(wall: true) }
        } else {
            liveMonotonic -= 1
            if monotonicHeap.count > 64 && monotonicHeap.count > 4 * liveMonotonic { compact(wall: false) }
        }
    }

    private func compact(wall: Bool) {
        var heap = (wall ? wallHeap : monotonicHeap).filter { timers[$0.id] != nil }
        heap.sort { $0.deadline < $1.deadline }
        if wall { wallHeap = heap } else { monotonicHeap = heap }
    }

    private func earliest(wall: Bool) -> UInt64 {
        while let top = (wall ? wallHeap.first : monotonicHeap.first) {
            if timers[top.id] != nil { return top.deadline }
            if wall { _ = Self.heapPop(&wallHeap) } else { _ = Self.heapPop(&monotonicHeap) }
        }
        return 0
    }

    private func rearmTimers() {
        timersDirty = false
        let mono = earliest(wall: false)
        if mono != armedMonotonic {
            arm(monotonicTimerFD, at: mono, flags: TFD_TIMER_ABSTIME)
            armedMonotonic = mono
        }
        let wall = earliest(wall: true)
        if wall != armedWall {
            arm(wallTimerFD, at: wall, flags: TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET)
            armedWall = wall
        }
    }

    private func arm(_ fd: Int32, at nanos: UInt64, flags: Int) {
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(nanos / 1_000_000_000)
        spec.it_value.tv_nsec = Int(nanos % 1_000_000_000)
        _ = timerfd_settime(fd, Int32(flags), &spec, nil)
    }

    private func drainTimerFD(_ fd: Int32) {
        var expirations: UInt64 = 0
        _ = Glibc.read(fd, &expirations, 8)
    }

    private func fireTimers(wall: Bool) {
        timersDirty = true
        let now = wall ? Self.wallClockMicroseconds() &* 1000 : Self.monotonicNanoseconds()
        while let top = (wall ? wallHeap.first : monotonicHeap.first), top.deadline <= now {
            if wall { _ = Self.heapPop(&wallHeap) } else { _ = Self.heapPop(&monotonicHeap) }
            guard let entry = timers.removeValue(forKey: top.id) else { continue }
            if wall { liveWall -= 1 } else { liveMonotonic -= 1 }
            entry.handler()
        }
    }

    private static func heapPush(_ heap: inout [HeapItem], _ item: HeapItem) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if heap[parent].deadline <= heap[child].deadline { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private static func heapPop(_ heap: inout [HeapItem]) -> HeapItem? {
        guard !heap.isEmpty else { return nil }
        let top = heap[0]
        let last = heap.removeLast()
        if heap.isEmpty { return top }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= heap.count { break }
            let right = left + 1
            var smallest = left
            if right < heap.count && heap[right].deadline < heap[left].deadline { smallest = right }
            if heap[parent].deadline <= heap[smallest].deadline { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    // MARK: Signals

    /// Handles `signal` on the loop thread through a signalfd. Blocks the signal in the calling thread first:
    /// call it before starting other threads so that they inherit the mask. Loop thread only.
    public func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) {
        signalHandlers[signal] = handler
        sigaddset(&signalMask, signal)
        var mask = signalMask
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let fd = signalfd(signalFD, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { return }
        if signalFD < 0 {
            signalFD = fd
            Self.epollAdd(epollFD, fd: fd, events: EPOLLIN.rawValue, token: Self.signalToken)
        }
    }

    private func readSignals() {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while Glibc.read(signalFD, &info, size) == size {
            signalHandlers[Int32(bitPattern: info.ssi_signo)]?()
        }
    }

    private static func epollAdd(_ ep: Int32, fd: Int32, events: UInt32, token: UInt64) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        _ = epoll_ctl(ep, EPOLL_CTL_ADD, fd, &event)
    }
}
