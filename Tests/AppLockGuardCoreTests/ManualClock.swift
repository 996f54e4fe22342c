/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private(set) var now: Duration = .seconds(1000)

    func advance(by duration: Duration) { now += duration }
}
