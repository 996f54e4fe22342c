@testable import AppLockCore
import AppLockProtocol

/// A valid app id from a literal (tests only).
func appID(_ s: String) -> AppID {
    do { return try AppID(s) } catch { fatalError("bad test app id \(s): \(error)") }
}

/// Seconds as Unix microseconds, counted from an arbitrary epoch-like base.
func t(_ seconds: UInt64) -> UnixMicroseconds { 1_700_000_000_000_000 + seconds * 1_000_000 }
