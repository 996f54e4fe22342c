/// One queued passcode operation (or store look-up) of an app; it calls `done` exactly once, when it has answered.
typealias PasscodeOperation = (_ done: @escaping () -> Void) -> Void
