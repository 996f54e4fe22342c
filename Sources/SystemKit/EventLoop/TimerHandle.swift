/// Identifies a timer scheduled on an ``EventLoop``; pass it to ``EventLoop/cancel(_:)``.
public struct TimerHandle: Sendable, Hashable {
    let id: UInt64
}
