public import AppLockCore
public import AppLockProtocol

/// Which apps have a passcode, each with its kind and the fingerprint of its stored hash, kept by the agent beside
/// the lock-out ledger. An app recorded here whose keyring item is gone, or whose item's hash does not match the
/// fingerprint (deleted in Seahorse, `secret-tool clear`, another app's item copied over it), has been tampered
/// with: it keeps its passcode in the agent's eyes and stays locked until `ResetPasscode` or the original item
/// is put back.
///
/// The fingerprint is made by the agent from the app id and the encoded hash together, so a hash moved from one app
/// to another never matches. An app known from the keyring whose hash was not read yet has no fingerprint; the first
/// hash read for it is adopted.
///
/// The AppLock passcode is recorded the same way (its fingerprint made with ``sharedFingerprintName`` for an app
/// id), and so is the choice of each app that uses it: this file is where "which apps use the AppLock passcode"
/// lives, beside which apps have their own.
///
/// On-disk format (UTF-8 lines):
///
///     applock-passcodes 1
///     p <app-id> <kind> <fingerprint, or - when not known yet> <fnv1a-64 hex of the preceding fields>
///     a <kind> <fingerprint, or -> <fnv1a-64 hex>       (the AppLock passcode, when one is set)
///     u <app-id> <fnv1a-64 hex>                          (an app that uses the AppLock passcode)
///     end <number of p, a and u lines> <fnv1a-64 hex of every preceding line, each with its "\n">
///
/// A damaged file never forgets a passcode: a damaged line whose app id can still be read keeps the app, with no
/// fingerprint (and the kind `alphanumeric` when the kind cannot be read); a damaged `a` line keeps the AppLock
/// passcode so, and a damaged `u` line whose app id can be read keeps that app using it. A file without `a` and `u` lines is the one agents before the AppLock passcode wrote.
public struct PasscodeRecords: Equatable, Sendable {
    /// The format version written in the header.
    public static let formatVersion = 1
    static let header = "applock-passcodes \(formatVersion)"

    /// What is recorded of one app's passcode.
    public struct Record: Equatable, Sendable {
        public var kind: PasscodeKind
        /// The fingerprint of the stored hash; nil until the agent has read the hash once.
        public var fingerprint: String?

        public init(kind: PasscodeKind, fingerprint: String?) {
            self.kind = kind
            self.fingerprint = fingerprint
        }
    }

    /// What a stored hash found in the keyring means for an app.
    public enum Check: Equatable, Sendable {
        /// The hash is the recorded one (or the first one read for the app): verify the passcode against it.
        case intact
        /// The item is gone, or its hash is not the one AppLock stored: refuse, and keep the app locked.
        case tampered
    }

    /// The name the AppLock passcode's hash is fingerprinted for, where an app's is fingerprinted for its app id
    /// (no app id can be it: an app id never starts with a dash).
    public static let sharedFingerprintName = "-applock-passcode"

    /// The apps with a passcode of their own.
    public private(set) var records: [AppID: Record]
    /// The AppLock passcode, nil while none is set.
    public private(set) var shared: Record?
    /// The apps that use the AppLock passcode.
    public private(set) var sharedUsers: Set<AppID>

    public init(records: [AppID: Record] = [:], shared: Record? = nil, sharedUsers: Set<AppID> = []) {
        self.records = records
        self.shared = shared
        self.sharedUsers = sharedUsers
    }

    /// Every app with a passcode: its own, or the AppLock passcode.
    public var appsWithPasscode: Set<AppID> { sharedUsers.union(records.keys) }

    /// What protects `app`: its own record, or the AppLock passcode's for an app that uses it.
    public func record(protecting app: AppID) -> Record? {
        sharedUsers.contains(app) ? shared : records[app]
    }

    /// Records that `app` has a passcode of its own of `kind` (it no longer uses the AppLock passcode); a nil
    /// `fingerprint` keeps one already recorded. Returns whether anything changed.
    @discardableResult
    public mutating func stored(_ app: AppID, kind: PasscodeKind, fingerprint: String?) -> Bool {
        let left = sharedUsers.remove(app) != nil
        let record = Record(kind: kind, fingerprint: fingerprint ?? records[app]?.fingerprint)
        guard records[app] != record else { return left }
        records[app] = record
        return true
    }

    /// Forgets the passcode of `app` (removed with its passcode, or reset with system authentication); an app that
    /// used the AppLock passcode no longer does. Returns whether anything changed.
    @discardableResult
    public mutating func forget(_ app: AppID) -> Bool {
        let left = sharedUsers.remove(app) != nil
        return records.removeValue(forKey: app) != nil || left
    }

    /// Records the AppLock passcode of `kind`; a nil `fingerprint` keeps one already recorded. Returns whether
    /// anything changed.
    @discardableResult
    public mutating func sharedStored(kind: PasscodeKind, fingerprint: String?) -> Bool {
        let record = Record(kind: kind, fingerprint: fingerprint ?? shared?.fingerprint)
        guard shared != record else { return false }
        shared = record
        return true
    }

    /// Records that `app` uses the AppLock passcode (it has none of its own). Returns whether anything changed.
    @discardableResult
    public mutating func usesShared(_ app: AppID) -> Bool {
        guard shared != nil, records[app] == nil else { return false }
        return sharedUsers.insert(app).inserted
    }

    /// Forgets the AppLock passcode and which apps used it.
    public mutating func forgetShared() {
        shared = nil
        sharedUsers = []
    }

    /// Judges what the keyring holds for `app`: `fingerprint` is the fingerprint of its item's hash, nil when there
    /// is no item. `recorded` is the app's record when the attempt began (the check runs off the agent's loop).
    public static func check(recorded: Record?, fingerprint: String?) -> Check {
        guard let fingerprint else { return .tampered }
        guard let expected = recorded?.fingerprint else { return .intact }
        return expected == fingerprint ? .intact : .tampered
    }

    /// The persisted form (see the type's documentation).
    public func encoded() -> String {
        var lines = records.sorted { $0.key < $1.key }.map { app, record in
            "p \(app.rawValue) \(record.kind.rawValue) \(record.fingerprint ?? "-")"
        }
        if let shared { lines.append("a \(shared.kind.rawValue) \(shared.fingerprint ?? "-")") }
        lines += sharedUsers.sorted().map { "u \($0.rawValue)" }
        return ChecksummedLines.encode(header: Self.header, lines: lines, records: lines.count)
    }

    /// Reads a persisted file; `damaged` describes each problem found (`line N: problem`).
    public static func decode(_ text: String) -> (PasscodeRecords, damaged: [String]) {
        var result = PasscodeRecords()
        let (lines, framing) = ChecksummedLines.decode(text, header: header, known: ["p", "a", "u"], records: ["p", "a", "u"])
        var damaged = framing
        var users: [AppID] = []
        for line in lines {
            let problem: String?
            switch line.kind {
            case "a": problem = result.readShared(line.fields)
            case "u":
                let app = line.fields.count > 1 ? try? AppID(line.fields[1]) : nil
                if let app { users.append(app) }
                problem = line.fields.count == 3 && ChecksummedLines.intact(line.fields) && app != nil
                    ? nil : "damaged record of an app that uses the AppLock passcode"
            default: problem = result.readRecord(line.fields)
            }
            if let problem { damaged.append("line \(line.number): \(problem)") }
        }
        // An app recorded as using the AppLock passcode keeps a passcode even when the AppLock passcode's own line
        // was lost.
        if !users.isEmpty && result.shared == nil { result.shared = Record(kind: .alphanumeric, fingerprint: nil) }
        for app in users { result.usesShared(app) }
        return (result, damaged)
    }

    private mutating func readShared(_ fields: [String]) -> String? {
        let kind = fields.count > 1 ? PasscodeKind(rawValue: fields[1]) : nil
        if fields.count == 4 && ChecksummedLines.intact(fields), let kind {
            shared = Record(kind: kind, fingerprint: fields[2] == "-" ? nil : fields[2])
            return nil
        }
        shared = Record(kind: kind ?? .alphanumeric, fingerprint: nil)
        return "damaged record of the AppLock passcode"
    }

    private mutating func readRecord(_ fields: [String]) -> String? {
        let app = fields.count > 1 ? try? AppID(fields[1]) : nil
        let kind = fields.count > 2 ? PasscodeKind(rawValue: fields[2]) : nil
        let intact = fields.count == 5 && ChecksummedLines.intact(fields)
        if intact, let app, let kind {
            records[app] = Record(kind: kind, fingerprint: fields[3] == "-" ? nil : fields[3])
            return nil
        }
        guard let app else { return "damaged record with an unreadable app id" }
        records[app] = Record(kind: kind ?? .alphanumeric, fingerprint: nil)
        return "damaged record for \(app.rawValue)"
    }
}
