public import AppLockCore
public import AppLockProtocol

/// Per-application failed-attempt counts and lock-out deadlines, persisted by the agent.
///
/// On-disk format (UTF-8 lines):
///
///     applock-lockouts 1
///     r <app-id> <failed-attempts> <retry-after-µs> <fnv1a-64 hex of "r <app-id> <failed> <retry>">
///     f <fnv1a-64 hex of "f">                       (only when the damaged fallback is in force)
///     end <number of r lines> <fnv1a-64 hex of every preceding line, each with its "\n">
///
/// A damaged or truncated file never lowers a count: a damaged record whose app id can still be read
/// becomes at least `MaxFailedAttempts` failures, and any damage at all turns on `damagedFallback`, under
/// which every app without a trustworthy record counts `MaxFailedAttempts` failures (so its next failure
/// locks it out). The fallback stays in force (and is persisted) until each app gets a fresh record
/// through a success, a removal or a failure.
public struct LockoutLedger: Equatable, Sendable {
    /// The format version written in the header.
    public static let formatVersion = 1
    static let header = "applock-lockouts \(formatVersion)"

    /// Trustworthy records, by app.
    public private(set) var records: [AppID: LockoutRecord]
    /// True when a damaged file was read: apps without a record count as `MaxFailedAttempts` failures.
    public private(set) var damagedFallback: Bool

    /// An empty ledger (no file yet).
    public init() {
        records = [:]
        damagedFallback = false
    }

    /// A ledger with the given records.
    public init(records: [AppID: LockoutRecord], damagedFallback: Bool = false) {
        self.records = records
        self.damagedFallback = damagedFallback
    }

    /// The record of `app` under `policy`, applying the damaged fallback to apps without a record.
    public func record(for app: AppID, policy: Policy) -> LockoutRecord {
        if let r = records[app] { return r }
        if damagedFallback { return LockoutRecord(failedAttempts: policy.maxFailedAttempts, retryAfter: 0) }
        return .clean
    }

    /// Whether `app` may try a passcode at `now`.
    public func check(_ app: AppID, now: UnixMicroseconds) -> LockoutCheck {
        guard let r = records[app], r.retryAfter > now else { return .allowed }
        let left = r.retryAfter - now
        let seconds = left / .microsecondsPerSecond + (left % .microsecondsPerSecond == 0 ? 0 : 1)
        return .lockedOut(until: r.retryAfter, secondsLeft: seconds)
    }

    /// Counts one failure of `app` and says whether a lock-out starts.
    public mutating func recordFailure(_ app: AppID, policy: Policy, now: UnixMicroseconds) -> FailureOutcome {
        var r = record(for: app, policy: policy)
        r.failedAttempts = r.failedAttempts == .max ? .max : r.failedAttempts + 1
        let maximum = policy.maxFailedAttempts
        if r.failedAttempts <= maximum {
            r.retryAfter = 0
            records[app] = r
            return .wrongPasscode(attemptsLeft: maximum - r.failedAttempts)
        }
        let schedule = policy.lockoutSchedule.isEmpty ? Policy.defaults.lockoutSchedule : policy.lockoutSchedule
        let step = Int(min(UInt64(r.failedAttempts - maximum - 1), UInt64(schedule.count - 1)))
        let seconds = UInt64(schedule[step])
        let until = now &+ seconds * .microsecondsPerSecond
        r.retryAfter = max(until, now)
        records[app] = r
        return .lockedOut(until: r.retryAfter, seconds: seconds)
    }

    /// Puts back the record `app` had before (nil: none), undoing a failure counted in advance of an attempt that
    /// could not be verified.
    public mutating func restore(_ app: AppID, to record: LockoutRecord?) {
        records[app] = record
    }

    /// A correct passcode: the count of `app` goes back to zero. Returns whether anything changed.
    @discardableResult
    public mutating func recordSuccess(_ app: AppID) -> Bool {
        reset(app)
    }

    /// Forgets `app` (its passcode was removed). Returns whether anything changed.
    @discardableResult
    public mutating func remove(_ app: AppID) -> Bool {
        reset(app)
    }

    private mutating func reset(_ app: AppID) -> Bool {
        if damagedFallback {
            // Keep an explicit clean record so the fallback no longer applies to this app.
            if records[app] == .clean { return false }
            records[app] = .clean
            return true
        }
        return records.removeValue(forKey: app) != nil
    }

    /// Clears every lock-out deadline that has passed by `now` (the count stays); returns the apps affected, sorted.
    public mutating func expireLockouts(now: UnixMicroseconds) -> [AppID] {
        var expired: [AppID] = []
        for (app, r) in records where r.retryAfter != 0 && r.retryAfter <= now {
            records[app]?.retryAfter = 0
            expired.append(app)
        }
        return expired.sorted()
    }

    /// The earliest pending lock-out deadline, if any.
    public var nextRetryAfter: UnixMicroseconds? {
        records.values.lazy.map(\.retryAfter).filter { $0 != 0 }.min()
    }

    /// The persisted form (see the type's documentation).
    public func encoded() -> String {
        var lines: [String] = []
        for (app, r) in records.sorted(by: { $0.key < $1.key }) {
            if r == .clean && !damagedFallback { continue }
            lines.append("r \(app.rawValue) \(r.failedAttempts) \(r.retryAfter)")
        }
        let recordCount = lines.count
        if damagedFallback { lines.append("f") }
        return ChecksummedLines.encode(header: Self.header, lines: lines, records: recordCount)
    }

    /// Reads a persisted ledger. `damaged` describes each problem found (`line N: problem`); when it is
    /// not empty the ledger's `damagedFallback` is on. An empty text counts as a truncated file: the agent
    /// should start from `LockoutLedger()` only when no file exists.
    public static func decode(_ text: String, policyFor: (AppID) -> Policy) -> (LockoutLedger, damaged: [String]) {
        var ledger = LockoutLedger()
        let (lines, framing) = ChecksummedLines.decode(text, header: header, known: ["r", "f"], records: ["r"])
        var damaged = framing
        for line in lines {
            if line.kind == "f" {
                if line.fields.count != 2 || !ChecksummedLines.intact(line.fields) {
                    damaged.append("line \(line.number): damaged fallback line")
                }
                ledger.damagedFallback = true
            } else if let problem = ledger.readRecord(line.fields, policyFor: policyFor) {
                damaged.append("line \(line.number): \(problem)")
            }
        }
        if !damaged.isEmpty { ledger.damagedFallback = true }
        return (ledger, damaged)
    }

    /// Reads one `r` line into the ledger; returns a problem description when it is damaged. A damaged line
    /// whose app id is readable still raises that app's count to at least its `MaxFailedAttempts`.
    private mutating func readRecord(_ fields: [String], policyFor: (AppID) -> Policy) -> String? {
        let app = fields.count > 1 ? try? AppID(fields[1]) : nil
        let failed = fields.count > 2 ? UInt32(fields[2]) : nil
        let retry = fields.count > 3 ? UInt64(fields[3]) : nil
        let intact = fields.count == 5 && app != nil && failed != nil && retry != nil && ChecksummedLines.intact(fields)
        if intact, let app, let failed, let retry {
            merge(app, LockoutRecord(failedAttempts: failed, retryAfter: retry))
            return nil
        }
        guard let app else { return "damaged record with an unreadable app id" }
        let floor = policyFor(app).maxFailedAttempts
        merge(app, LockoutRecord(failedAttempts: max(failed ?? floor, floor), retryAfter: 0))
        return "damaged record for \(app.rawValue)"
    }

    /// Keeps the larger count and the later deadline when an app appears twice.
    private mutating func merge(_ app: AppID, _ r: LockoutRecord) {
        if let old = records[app] {
            records[app] = LockoutRecord(failedAttempts: max(old.failedAttempts, r.failedAttempts),
                                         retryAfter: max(old.retryAfter, r.retryAfter))
        } else {
            records[app] = r
        }
    }
}
