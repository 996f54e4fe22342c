import AppLockCore
import SystemKit

/// The record of missed attempts on disk: `$XDG_STATE_HOME/applock/missed-attempts`, beside the lock-out ledger,
/// replaced atomically on every change so that it survives a restart.
struct MissedAttemptStore: Sendable {
    let directory: String
    var path: String { directory + "/missed-attempts" }

    /// The record on disk (empty when there is no file yet) and what was damaged in it.
    func load() -> (MissedAttemptLog, problems: [String]) {
        do {
            guard let text = try TextFiles.read(path) else { return (MissedAttemptLog(), []) }
            let (log, damaged) = MissedAttemptLog.decode(text)
            return (log, damaged.map { "\(path): \($0)" })
        } catch {
            return (MissedAttemptLog(), ["\(error)"])
        }
    }

    func save(_ log: MissedAttemptLog) throws(FileError) {
        try TextFiles.makeDirectories(directory)
        try TextFiles.writeAtomically(log.encoded(), to: path)
    }
}
