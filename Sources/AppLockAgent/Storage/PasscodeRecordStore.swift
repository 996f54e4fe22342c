import AppLockAgentCore
import AppLockCore
import SystemKit

/// The passcode records on disk: `$XDG_STATE_HOME/applock/passcodes`, beside the lock-out ledger, replaced
/// atomically on every change.
struct PasscodeRecordStore: Sendable {
    let directory: String
    var path: String { directory + "/passcodes" }

    /// The records on disk (empty when there is no file yet) and what was damaged in them.
    func load() -> (PasscodeRecords, problems: [String]) {
        do {
            guard let text = try TextFiles.read(path) else { return (PasscodeRecords(), []) }
            let (records, damaged) = PasscodeRecords.decode(text)
            return (records, damaged.map { "\(path): \($0)" })
        } catch {
            return (PasscodeRecords(), ["\(error)"])
        }
    }

    func save(_ records: PasscodeRecords) throws(FileError) {
        try TextFiles.makeDirectories(directory)
        try TextFiles.writeAtomically(records.encoded(), to: path)
    }
}
