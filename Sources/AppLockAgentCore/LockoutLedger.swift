public import AppLockCore
public import AppLockProtocol

/// Failed-attempt counts and lock-out deadlines per passcode holder (each app's own passcode, and one record for the
/// AppLock passcode, whichever app its attempts were made through), persisted by the agent.
///
/// On-disk format (UTF-8 lines):
///
///     applock-lockouts 1
///     r <app-id> <failed-attempts> <retry-after-µs> <fnv1a-64 hex of "r <app-id> <failed> <retry>">
///     s <failed-attempts> <retry-after-µs> <fnv1a-64 hex of "s <failed> <retry>">   (the AppLock passcode's)
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

    /// Trustworthy records of the apps' own passcodes, by app.
    public private(set) var records: [AppID: LockoutRecord]
    /// The trustworthy record of the AppLock passcode; nil when there is none.
    public private(set) var shared: LockoutRecord?
    /// True when a damaged file was read: apps without a record count as `MaxFailedAttempts` failures.
    public private(set) var damagedFallback: Bool

    /// An empty ledger (no file yet).
    public init() {
        records = [:]
        damagedFallback = false
    }

    /// A ledger with the given records.
    public init(records: [AppID: LockoutRecord], shared: LockoutRecord? = nil, damagedFallback: Bool = false) {
        self.records = records
        self.shared = shared
        self.damagedFallback = damagedFallback
    }

    /// The trustworthy record of `holder`, nil when there is none.
    public subscript(_ holder: PasscodeHolder) -> LockoutRecord? {
        get {
            switch holder {
            case .app(let app): records[app]
            case .shared: shared
            }
        }
        set {
            switch holder {
            case .app(let app): records[app] = newValue
            case .shared: shared = newValue
            }
        }
    }

    /// The record of `holder` under `policy`, applying the damaged fallback to holders without a record.
    public func record(for holder: PasscodeHolder, policy: Policy) -> LockoutRecord {
        if let r = self[holder] { return r }
        if damagedFallback { return LockoutRecord(failedAttempts: policy.maxFailedAttempts, retryAfter: 0) }
        return .clean
    }

    /// Whether `holder`'s passcode may be tried at `now`.
    public func check(_ holder: PasscodeHolder, now: UnixMicroseconds) -> LockoutCheck {
        guard let r = self[holder], r.retryAfter > now else { return .allowed }
        let left = r.retryAfter - now
        let seconds = left / .microsecondsPerSecond + (left % .microsecondsPerSecond == 0 ? 0 : 1)
        return .lockedOut(until: r.retryAfter, secondsLeft: seconds)
    }

    /// Counts one failure of `holder` and says whether a lock-out starts.
    public mutating func recordFailure(_ holder: PasscodeHolder, policy: Policy, now: UnixMicroseconds) -> FailureOutcome {
        var r = record(for: holder, policy: policy)
        r.failedAttempts = r.failedAttempts == .max ? .max : r.failedAttempts + 1
        let maximum = policy.maxFailedAttempts
        if r.failedAttempts <= maximum {
            r.retryAfter = 0
            self[holder] = r
            return .wrongPasscode(attemptsLeft: maximum - r.failedAttempts)
        }
        let schedule = policy.lockoutSchedule.isEmpty ? Policy.defaults.lockoutSchedule : policy.lockoutSchedule
        let step = Int(min(UInt64(r.failedAttempts - maximum - 1), UInt64(schedule.count - 1)))
        let seconds = UInt64(schedule[step])
        let until = now &+ seconds * .microsecondsPerSecond
        r.retryAfter = max(until, now)
        self[holder] = r
        return .lockedOut(until: r.retryAfter, seconds: seconds)
    }

    /// Puts back the record `holder` had before (nil: none), undoing a failure counted in advance of an attempt that
    /// could not be verified.
    public mutating func restore(_ holder: PasscodeHolder, to record: LockoutRecord?) {
        self[holder] = record
    }

    /// A correct passcode: the count of `holder` goes back to zero. Returns whether anything changed.
    @discardableResult
    public mutating func recordSuccess(_ holder: PasscodeHolder) -> Bool {
        reset(holder)
    }

    /// Forgets `holder` (its passcode was removed). Returns whether anything changed.
    @discardableResult
    public mutating func remove(_ holder: PasscodeHolder) -> Bool {
        reset(holder)
    }

    private mutating func reset(_ holder: PasscodeHolder) -> Bool {
        if damagedFallback {
            // Keep an explicit clean record so the fallback no longer applies to this holder.
            if self[holder] == .clean { return false }
            self[holder] = .clean
            return true
        }
        guard self[holder] != nil else { return false }
        self[holder] = nil
        return true
    }

    /// Clears every lock-out deadline that has passed by `now` (the count stays); returns the holders affected, sorted.
    public mutating func expireLockouts(now: UnixMicroseconds) -> [PasscodeHolder] {
        var expired: [PasscodeHolder] = []
        for (app, r) in records where r.retryAfter != 0 && r.retryAfter <= now {
            records[app]?.retryAfter = 0
            expired.append(.app(app))
        }
        if let r = shared, r.retryAfter != 0 && r.retryAfter <= now {
            shared?.retryAfter = 0
            expired.append(.shared)
        }
        return expired.sorted()
    }

    /// The earliest pending lock-out deadline, if any.
    public var nextRetryAfter: UnixMicroseconds? {
        (records.values.lazy.map(\.retryAfter) + [shared?.retryAfter ?? 0]).filter { $0 != 0 }.min()
    }

    /// The persisted form (see the type's documentation).
    public func encoded() -> String {
        var lines: [String] = []
        for (app, r) in records.sorted(by: { $0.key < $1.key }) {
            if r == .clean && !damagedFallback { continue }
            lines.append("r \(app.rawValue) \(r.failedAttempts) \(r.retryAfter)")
        }
        if let r = shared, r != .clean || damagedFallback {
            lines.append("s \(r.failedAttempts) \(r.retryAfter)")
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
        let (lines, framing) = ChecksummedLines.decode(text, header: header, known: ["r", "s", "f"], records: ["r", "s"])
        var damaged = framing
        for line in lines {
            if line.kind == "f" {
                if line.fields.count != 2 || !ChecksummedLines.intact(line.fields) {
                    damaged.append("line \(line.number): damaged fallback line")
                }
                ledger.damagedFallback = true
            } else if line.kind == "s" {
                if let problem = ledger.readSharedRecord(line.fields) { damaged.append("line \(line.number): \(problem)") }
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

    /// Reads the `s` line into the ledger; returns a problem description when it is damaged (the damaged fallback
    /// then counts the AppLock passcode as at its last attempt).
    private mutating func readSharedRecord(_ fields: [String]) -> String? {
        guard fields.count == 4, let failed = UInt32(fields[1]), let retry = UInt64(fields[2]),
              ChecksummedLines.intact(fields)
        else { return "damaged record for the AppLock passcode" }
        let r = LockoutRecord(failedAttempts: failed, retryAfter: retry)
        shared = shared.map { LockoutRecord(failedAttempts: max($0.failedAttempts, failed), retryAfter: max($0.retryAfter, retry)) } ?? r
        return nil
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
