import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import Testing

/// The ring of recent state changes: oldest first, bounded, the oldest dropped first.
@Suite("RecentEvents")
struct RecentEventsTests {
    private func event(_ n: UInt64) throws -> RecentEvent {
        RecentEvent(app: try AppID("org.example.Notes"), state: n % 2 == 0 ? .locked : .unlocked,
                    reason: n % 2 == 0 ? .manual : .unlock, time: n)
    }

    @Test func keepsEveryEventUntilFullOldestFirst() throws {
        var ring = RecentEvents(capacity: 4)
        for n: UInt64 in 1...3 { ring.append(try event(n)) }
        #expect(ring.events.map(\.time) == [1, 2, 3])
    }

    @Test func dropsTheOldestOnceFull() throws {
        var ring = RecentEvents(capacity: 4)
        for n: UInt64 in 1...11 { ring.append(try event(n)) }
        #expect(ring.events.map(\.time) == [8, 9, 10, 11])
        #expect(ring.events.count == ring.capacity)
    }

    @Test func aRingOfNothingKeepsOne() throws {
        var ring = RecentEvents(capacity: 0)
        ring.append(try event(1))
        ring.append(try event(2))
        #expect(ring.events.map(\.time) == [2])
    }
}
