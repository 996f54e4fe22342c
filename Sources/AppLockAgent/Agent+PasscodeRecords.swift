import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit

/// The passcode records (``PasscodeRecords``): which apps have a passcode and the fingerprint of each hash, so that
/// a keyring item removed or replaced behind AppLock's back is found out and the app stays locked.
extension Agent {
    /// The core learns that `app` has a passcode of `kind`, and the records keep it (with the fingerprint of its
    /// hash when known; a nil `fingerprint` keeps the one recorded).
    func passcodeKnown(_ app: AppID, kind: PasscodeKind, fingerprint: String? = nil, source: String) {
        perform(machine.passcodeStored(app, kind: kind, now: now()), source: source)
        if passcodeRecords.stored(app, kind: kind, fingerprint: fingerprint) { savePasscodeRecords() }
        // An app newly known to have a passcode has its weakenings held from now on, against what the disk claims.
        if authenticatedPolicies.baselines[app] == nil {
            restoreAuthenticatedPolicy(of: app)
            applyPolicy(source: source)
        }
    }

    /// The passcode of `app` was removed through AppLock (RemovePasscode, ResetPasscode): the records forget it.
    func passcodeForgotten(_ app: AppID) {
        if passcodeRecords.forget(app) { savePasscodeRecords() }
        tamperEpisodeEnded(app)
        forgetAuthenticatedPolicy(of: app)
    }

    /// Reads the records at startup; every app in them has a passcode for the core, whether or not the keyring
    /// still holds its item.
    func restorePasscodeRecords() {
        let (records, problems) = recordStore.load()
        for problem in problems {
            logger.error("passcode records damaged; the apps named in them keep their passcodes",
                         metadata: ["problem": "\(problem)"])
        }
        passcodeRecords = records
        for (app, record) in records.records.sorted(by: { $0.key < $1.key }) {
            perform(machine.passcodeStored(app, kind: record.kind, now: now()))
        }
    }

    /// Logs the apps the records know to have a passcode that the keyring no longer lists.
    func reportMissingItems(listed: [AppID: PasscodeKind]) {
        for app in passcodeRecords.records.keys.sorted() where listed[app] == nil {
            logger.warning("the keyring item of a passcode is gone; the app stays locked until the item is back or ResetPasscode",
                           metadata: ["app": "\(app)"])
        }
    }

    private func savePasscodeRecords() {
        recordWriter.save(passcodeRecords) { [logger] error in
            logger.error("cannot save the passcode records; they hold while the agent runs and are saved again at the next change",
                         metadata: ["error": "\(error)"])
        }
    }
}
