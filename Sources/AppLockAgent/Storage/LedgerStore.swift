import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import SystemKit

/// The lock-out ledger on disk: `$XDG_STATE_HOME/applock/lockouts`, replaced
/// atomically on every change so that counts and deadlines survive a restart
/// or a crash.
struct LedgerStore: Sendable {
    let directory: String
    var path: String { directory + "/lockouts" }

    /// The ledger on disk (nil when there is none yet) and what was damaged in it.
    func load(policyFor: (AppID) -> Policy) -> (LockoutLedger?, problems: [String]) {
        let text: String?
        do {
            text = try TextFiles.read(path)
        } catch {
            // Unreadable is not "empty": treat it as wholly damaged so no count resets.
            return (LockoutLedger(records: [:], damagedFallback: true), ["\(error)"])
        }
        guard let text else { return (nil, []) }
        let (ledger, damaged) = LockoutLedger.decode(text, policyFor: policyFor)
        return (ledger, damaged.map { "\(path): \($0)" })
    }

    func save(_ ledger: LockoutLedger) throws(FileError) {
        try TextFiles.makeDirectories(directory)
        try TextFiles.writeAtomically(ledger.encoded(), to: path)
    }
}
