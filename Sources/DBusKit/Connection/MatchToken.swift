/// Identifies a subscription made with ``Connection/addMatch(_:_:)``; pass it to ``Connection/removeMatch(_:)``.
public struct MatchToken: Sendable, Hashable {
    let id: UInt64
}
