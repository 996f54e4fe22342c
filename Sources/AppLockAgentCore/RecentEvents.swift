public import AppLockCore
public import AppLockProtocol

/// The last state changes of every app, newest last, in a ring of fixed size: once full, each new event replaces
/// the oldest, so memory stays bounded whatever the apps do.
public struct RecentEvents: Equatable, Sendable {
    /// How many events are kept.
    public let capacity: Int
    private var ring: [RecentEvent] = []
    /// Where the next event goes once the ring is full.
    private var next = 0

    /// A ring keeping the last `capacity` events (at least one).
    public init(capacity: Int = Limits.recentEvents) {
        self.capacity = max(1, capacity)
        ring.reserveCapacity(self.capacity)
    }

    /// Adds `event`, dropping the oldest when full.
    public mutating func append(_ event: RecentEvent) {
        if ring.count < capacity {
            ring.append(event)
        } else {
            ring[next] = event
            next = (next + 1) % capacity
        }
    }

    /// The events kept, oldest first.
    public var events: [RecentEvent] {
        Array(ring[next...] + ring[..<next])
    }
}
