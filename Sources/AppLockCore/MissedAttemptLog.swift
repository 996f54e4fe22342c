public import AppLockProtocol

/// The failed unlocks of each app since its last successful unlock, persisted by the agent beside the lock-out
/// ledger so that they survive restarts. The newest `limit` attempts of an app are kept with their details; `count`
/// goes on counting past them. An app's record is handed out once, by ``takeReport(_:)`` at its next successful
/// unlock, and cleared.
///
/// On-disk format (UTF-8 lines):
///
///     applock-missed-attempts 1
///     n <app-id> <count> <fnv1a-64 hex of "n <app-id> <count>">
///     a <app-id> <time-µs> <method> <outcome> <fnv1a-64 hex of the preceding fields>
///     end <number of n and a lines> <fnv1a-64 hex of every preceding line, each with its "\n">
///
/// The record is information for the user, not a guard: a damaged line is left out and reported, and the rest is
/// kept (an app's count is never below the attempts read for it).
public struct MissedAttemptLog: Equatable, Sendable {
    /// The format version written in the header.
    public static let formatVersion = 1
    static let header = "applock-missed-attempts \(formatVersion)"
    /// How many attempts of one app keep their details.
    public static let defaultLimit = 20

    /// The failed unlocks of one app since its last successful unlock.
    public struct Record: Equatable, Sendable {
        /// Every failed unlock since the last successful one, including those whose details were dropped.
        public var count: UInt32
        /// The newest attempts, oldest first, at most the log's `limit`.
        public var attempts: [MissedAttempt]

        public init(count: UInt32, attempts: [MissedAttempt]) {
            self.count = count
            self.attempts = attempts
        }
    }

    /// Records by app; an app without failures since its last unlock has none.
    public private(set) var records: [AppID: Record]
    /// How many attempts of one app keep their details.
    public let limit: Int

    /// An empty log (no file yet).
    public init(limit: Int = MissedAttemptLog.defaultLimit) {
        records = [:]
        self.limit = max(limit, 1)
    }

    /// The record of `app`, or an empty one.
    public func record(for app: AppID) -> Record {
        records[app] ?? Record(count: 0, attempts: [])
    }

    /// Adds one failed unlock of `app`, dropping the details of its oldest attempt beyond `limit`.
    public mutating func recordFailure(_ app: AppID, _ attempt: MissedAttempt) {
        records[app, default: Record(count: 0, attempts: [])].count.incrementSaturating()
        keep(attempt, of: app)
    }

    /// Appends `attempt` to the details of `app`, dropping the oldest beyond `limit`; the count is not touched.
    private mutating func keep(_ attempt: MissedAttempt, of app: AppID) {
        var r = record(for: app)
        r.attempts.append(attempt)
        if r.attempts.count > limit { r.attempts.removeFirst(r.attempts.count - limit) }
        records[app] = r
    }

    /// A successful unlock of `app`: returns its record (nil when nothing was missed) and clears it.
    public mutating func takeReport(_ app: AppID) -> Record? {
        records.removeValue(forKey: app)
    }

    /// Forgets `app` (its passcode was removed). Returns whether anything changed.
    @discardableResult
    public mutating func remove(_ app: AppID) -> Bool {
        records.removeValue(forKey: app) != nil
    }

    /// The persisted form (see the type's documentation).
    public func encoded() -> String {
        var lines: [String] = []
        for app in records.keys.sorted() {
            let r = records[app]!
            lines.append("n \(app.rawValue) \(r.count)")
            for a in r.attempts { lines.append("a \(app.rawValue) \(a.time) \(a.method.rawValue) \(a.outcome.rawValue)") }
        }
        return ChecksummedLines.encode(header: Self.header, lines: lines, records: lines.count)
    }

    /// Reads a persisted log. `damaged` describes each problem found (`line N: problem`); the lines that are intact
    /// are kept.
    public static func decode(_ text: String, limit: Int = MissedAttemptLog.defaultLimit) -> (MissedAttemptLog, damaged: [String]) {
        var log = MissedAttemptLog(limit: limit)
        var counts: [AppID: UInt32] = [:]
        let (lines, framing) = ChecksummedLines.decode(text, header: header, known: ["n", "a"], records: ["n", "a"])
        var damaged = framing
        for line in lines {
            let fields = line.fields
            let intact = ChecksummedLines.intact(fields)
            if line.kind == "n" {
                if intact, fields.count == 4, let app = try? AppID(fields[1]), let count = UInt32(fields[2]) {
                    counts[app] = max(counts[app] ?? 0, count)
                } else {
                    damaged.append("line \(line.number): damaged count")
                }
            } else if intact, fields.count == 6, let app = try? AppID(fields[1]), let time = UInt64(fields[2]),
                      let method = MissedAttempt.Method(rawValue: fields[3]),
                      let outcome = MissedAttempt.Outcome(rawValue: fields[4]) {
                log.keep(MissedAttempt(time: time, method: method, outcome: outcome), of: app)
            } else {
                damaged.append("line \(line.number): damaged attempt")
            }
        }
        for app in Set(counts.keys).union(log.records.keys) {
            var r = log.record(for: app)
            r.count = max(counts[app] ?? 0, UInt32(clamping: r.attempts.count))
            log.records[app] = r
        }
        return (log, damaged)
    }
}

extension UInt32 {
    /// Adds one, staying at `.max`.
    mutating func incrementSaturating() {
        if self != .max { self += 1 }
    }
}
