public import AppLockCore

extension MissedAttempt {
    /// The record of a wrong passcode whose counting in the lock-out ledger gave `failure`.
    public init(time: UnixMicroseconds, passcodeFailure failure: FailureOutcome) {
        switch failure {
        case .wrongPasscode: self.init(time: time, method: .passcode, outcome: .wrongPasscode)
        case .lockedOut: self.init(time: time, method: .passcode, outcome: .lockedOut)
        }
    }
}
