/// Identifies a file-descriptor watch on an ``EventLoop``; pass it to ``EventLoop/unwatch(_:)``.
public struct WatchHandle: Sendable, Hashable {
    let id: UInt64
}
