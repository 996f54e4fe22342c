@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol
import Testing

/// The machine keeps two indexes so that an input does not scan every app (apps by owner, apps that can have
/// a grace deadline). Random input sequences must leave both equal to what a scan of every app finds, and
/// `nextDeadline` equal to the earliest deadline of any app.
@Suite struct MachineIndexTests {
    /// A small deterministic generator (SplitMix64), so a failure replays from its seed.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static func checkIndexes(_ m: AgentStateMachine, step: Int, seed: UInt64) {
        var owned: [String: [AppID]] = [:]
        for (app, e) in m.apps { if let owner = e.owner { owned[owner, default: []].append(app) } }
        #expect(m.appsByOwner.mapValues { $0.sorted() } == owned.mapValues { $0.sorted() },
                "appsByOwner after step \(step) of seed \(seed)")
        let candidates = Set(m.apps.compactMap { $0.value.backgroundSince != nil && !$0.value.backgroundTriggered ? $0.key : nil })
        #expect(m.graceCandidates == candidates, "graceCandidates after step \(step) of seed \(seed)")
        var earliest = m.lockoutLedger.nextRetryAfter
        for e in m.apps.values {
            for d in [m.graceDeadline(e), m.idleDeadline(e)] {
                if let d, earliest.map({ d < $0 }) ?? true { earliest = d }
            }
        }
        #expect(m.nextDeadline == earliest, "nextDeadline after step \(step) of seed \(seed)")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomInputsKeepTheIndexesExact(seed: UInt64) {
        var random = SplitMix(state: seed)
        var base = PolicyOverrides()
        base.gracePeriod = 30
        base.lockAfterIdle = 120
        var fixture = MachineFixture(base: base)
        let apps = (0..<6).map { appID("org.example.App\($0)") }
        let owners = [":1.1", ":1.2", ":1.3"]
        var now: AgentTime = t(0)
        for step in 0..<400 {
            let elapsed = UInt64(random.next(20)) * 1_000_000
            now = AgentTime(wall: now.wall + elapsed, boot: now.boot + elapsed)
            let app = apps[random.next(apps.count)]
            let owner = owners[random.next(owners.count)]
            switch random.next(12) {
            case 0, 1: _ = try? fixture.m.register(app, owner: owner, now: now)
            case 2: _ = try? fixture.m.unregister(app, caller: owner, now: now)
            case 3: _ = fixture.m.peerLeft(owner, now: now)
            case 4: _ = try? fixture.m.reportActivity(app, .background, caller: owner, now: now)
            case 5: _ = try? fixture.m.reportActivity(app, .foreground, caller: owner, now: now)
            case 6: _ = fixture.m.passcodeStored(app, kind: .fourDigit, now: now)
            case 7: _ = fixture.m.passcodeRemoved(app, now: now)
            case 8: _ = try? fixture.m.lock(app, now: now)
            case 9: _ = fixture.m.session(.idleHint(random.next(2) == 0, since: now.wall), now: now)
            case 10: _ = fixture.m.timerFired(now: now)
            default:
                if let ticket = try? fixture.m.beginAttempt(app, now: now) {
                    _ = fixture.m.finishAttempt(ticket, outcome: random.next(2) == 0 ? .verified : .wrong,
                                                purpose: .unlock, now: now)
                }
            }
            Self.checkIndexes(fixture.m, step: step, seed: seed)
        }
    }
}
