import AppLockAgentCore
import AppLockCore
import SystemKit

/// The agent's files in its state folder (`$XDG_STATE_HOME/applock`): the lock-out ledger, the passcode records, the
/// missed attempts, each with a writer that saves it off the loop (each write fsyncs), and the sealed authenticated
/// policies in `policies/`.
struct AgentStateFiles {
    let ledger: LedgerStore
    let ledgerWriter: StateFileWriter<LockoutLedger>
    let recordStore: PasscodeRecordStore
    let recordWriter: StateFileWriter<PasscodeRecords>
    let missedAttemptStore: MissedAttemptStore
    let missedAttemptWriter: StateFileWriter<MissedAttemptLog>
    /// Where each app's authenticated policy is kept, sealed.
    let authenticatedPolicyStore: AuthenticatedPolicyStore

    init(directory: String) throws {
        let ledger = LedgerStore(directory: directory)
        self.ledger = ledger
        ledgerWriter = try StateFileWriter { (value) throws(FileError) in try ledger.save(value) }
        let recordStore = PasscodeRecordStore(directory: directory)
        self.recordStore = recordStore
        recordWriter = try StateFileWriter { (value) throws(FileError) in try recordStore.save(value) }
        let missedAttemptStore = MissedAttemptStore(directory: directory)
        self.missedAttemptStore = missedAttemptStore
        missedAttemptWriter = try StateFileWriter { (value) throws(FileError) in try missedAttemptStore.save(value) }
        authenticatedPolicyStore = AuthenticatedPolicyStore(directory: directory + "/policies")
    }
}
