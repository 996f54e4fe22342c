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
/// On-disk format (UTF-8 lines):
///
///     applock-passcodes 1
///     p <app-id> <kind> <fingerprint, or - when not known yet> <fnv1a-64 hex of the preceding fields>
///     end <number of p lines> <fnv1a-64 hex of every preceding line, each with its "\n">
///
/// A damaged file never forgets a passcode: a damaged line whose app id can still be read keeps the app, with no
/// fingerprint (and the kind `alphanumeric` when the kind cannot be read).
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

    public private(set) var records: [AppID: Record]

    public init(records: [AppID: Record] = [:]) {
        self.records = records
    }

    /// Records that `app` has a passcode of `kind`; a nil `fingerprint` keeps one already recorded. Returns whether
    /// anything changed.
    @discardableResult
    public mutating func stored(_ app: AppID, kind: PasscodeKind, fingerprint: String?) -> Bool {
        let record = Record(kind: kind, fingerprint: fingerprint ?? records[app]?.fingerprint)
        guard records[app] != record else { return false }
        records[app] = record
        return true
    }

    /// Forgets the passcode of `app` (removed with its passcode, or reset with system authentication). Returns
    /// whether anything changed.
    @discardableResult
    public mutating func forget(_ app: AppID) -> Bool {
        records.removeValue(forKey: app) != nil
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
        let lines = records.sorted { $0.key < $1.key }.map { app, record in
            "p \(app.rawValue) \(record.kind.rawValue) \(record.fingerprint ?? "-")"
        }
        return ChecksummedLines.encode(header: Self.header, lines: lines, records: lines.count)
    }

    /// Reads a persisted file; `damaged` describes each problem found (`line N: problem`).
    public static func decode(_ text: String) -> (PasscodeRecords, damaged: [String]) {
        var result = PasscodeRecords()
        let (lines, framing) = ChecksummedLines.decode(text, header: header, known: ["p"], records: ["p"])
        var damaged = framing
        for line in lines {
            if let problem = result.readRecord(line.fields) { damaged.append("line \(line.number): \(problem)") }
        }
        return (result, damaged)
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
