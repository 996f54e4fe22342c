public import AppLockCore
public import AppLockProtocol

/// The passcode screens (SwiftPasscodeLock's enter / set / confirm / mismatch / change / remove) as one small pure
/// state machine that any UI drives, AppLock's lock window and `applock-demo` alike: show ``prompt`` and
/// ``notice``, hand each complete entry to ``submit(_:)``, carry out the ``Request`` it returns and give the agent's
/// answer to ``complete(_:)``. No I/O happens here.
///
/// Entries are ``PasscodeBytes``: the flow keeps its own copies and wipes each as soon as it is done with it (a
/// mismatch, a refusal, the agent's answer), and ``reset()`` wipes everything. A request's bytes are the flow's
/// own, so they too are wiped by ``complete(_:)``; make the D-Bus call from them before that
/// (``Request/call(for:)`` or your own connection).
///
/// ```swift
/// var flow = PasscodeFlow(.set, kind: .fourDigit)
/// flow.submit(typed)                   // nil: now .confirm
/// let request = flow.submit(typedAgain)!   // .set(bytes, .fourDigit), step .waiting
/// flow.complete(await session.perform(request.call(for: session.appID)))   // .finished
/// ```
public struct PasscodeFlow {
    /// What the flow is for.
    public enum Purpose: Sendable, Equatable {
        /// Enter the passcode to unlock.
        case unlock
        /// Choose a first passcode, then confirm it.
        case set
        /// Enter the current passcode, choose a new one, confirm it.
        case change
        /// Enter the current passcode to remove it.
        case remove
    }

    /// The screen to show.
    public enum Step: Sendable, Equatable {
        /// The passcode (to unlock), or the current one (to change or remove it).
        case enterCurrent
        /// A new passcode (set, change).
        case choose
        /// The new passcode again.
        case confirm
        /// A request is with the agent.
        case waiting
        /// Done: the agent accepted.
        case finished
    }

    /// What to tell the user on the current screen.
    public enum Notice: Sendable, Equatable {
        /// The confirmation did not match; choose the new passcode again.
        case mismatch
        /// The new passcode does not have the shape of its kind (e.g. not 4 digits).
        case wrongShape(PasscodeRuleError)
        /// The agent refused the request.
        case failed(AppLockError)
    }

    /// A call to make to the agent. Its bytes belong to the flow (wiped by ``complete(_:)``).
    public enum Request {
        case unlock(PasscodeBytes)
        case set(PasscodeBytes, PasscodeKind)
        case change(old: PasscodeBytes, new: PasscodeBytes, kind: PasscodeKind)
        case remove(PasscodeBytes)

        /// The Manager call for `appID`; the passcodes become strings here, only for the message that carries them.
        public func call(for appID: AppID) -> AppLockRequest<Void> {
            switch self {
            case .unlock(let passcode): .unlock(appID, passcode: passcode.makeString())
            case .set(let passcode, let kind): .setPasscode(appID, passcode.makeString(), kind: kind)
            case .change(let old, let new, let kind):
                .changePasscode(appID, from: old.makeString(), to: new.makeString(), kind: kind)
            case .remove(let passcode): .removePasscode(appID, passcode: passcode.makeString())
            }
        }
    }

    public let purpose: Purpose
    /// The screen to show.
    public private(set) var step: Step
    /// The kind of the new passcode (set, change); the UI may change it while the user chooses.
    public var kind: PasscodeKind
    /// What to tell the user, nil for nothing.
    public private(set) var notice: Notice?
    private var current: PasscodeBytes?
    private var chosen: PasscodeBytes?

    public init(_ purpose: Purpose, kind: PasscodeKind = .fourDigit) {
        self.purpose = purpose
        self.kind = kind
        step = purpose == .set ? .choose : .enterCurrent
    }

    /// The kind a new passcode must have (set and change), nil otherwise.
    public var newKind: PasscodeKind? {
        purpose == .set || purpose == .change ? kind : nil
    }

    /// A short prompt for the current step.
    public var prompt: String {
        switch step {
        case .enterCurrent: purpose == .unlock ? "Enter passcode" : "Enter your current passcode"
        case .choose: "Choose a new passcode"
        case .confirm: "Enter the new passcode again"
        case .waiting: purpose == .unlock ? "Checking…" : "Saving…"
        case .finished:
            switch purpose {
            case .unlock: "Unlocked."
            case .set: "The passcode is set."
            case .change: "The passcode is changed."
            case .remove: "The passcode is removed."
            }
        }
    }

    /// Takes one complete entry (the flow keeps its own copy; the caller wipes `entry`). Returns the request to
    /// make when the flow needs the agent (the step is then ``Step/waiting``), nil when it only moved to its next
    /// screen.
    public mutating func submit(_ entry: PasscodeBytes) -> Request? {
        switch step {
        case .enterCurrent:
            notice = nil
            let copy = entry.copy()
            switch purpose {
            case .unlock, .remove:
                current = copy
                step = .waiting
                return purpose == .unlock ? .unlock(copy) : .remove(copy)
            case .change, .set:
                current = copy
                step = .choose
                return nil
            }
        case .choose:
            if let problem = entry.shapeProblem(for: kind) {
                notice = .wrongShape(problem)
                return nil
            }
            notice = nil
            chosen = entry.copy()
            step = .confirm
            return nil
        case .confirm:
            guard let chosen, chosen.matches(entry) else {
                forgetChosen()
                notice = .mismatch
                step = .choose
                return nil
            }
            notice = nil
            step = .waiting
            if purpose == .change, let current { return .change(old: current, new: chosen, kind: kind) }
            return .set(chosen, kind)
        case .waiting, .finished:
            return nil
        }
    }

    /// Takes the agent's answer to the last request; every passcode it carried is wiped.
    public mutating func complete(_ result: Result<Void, AppLockError>) {
        guard step == .waiting else { return }
        forgetChosen()
        switch result {
        case .success:
            forgetCurrent()
            notice = nil
            step = .finished
        case .failure(let error):
            notice = .failed(error)
            if purpose == .change, error.agentError == .invalidPasscode {
                // ChangePasscode refused the new passcode only: keep the current one and choose another.
                step = .choose
            } else {
                forgetCurrent()
                step = purpose == .set ? .choose : .enterCurrent
            }
        }
    }

    /// Wipes anything half done (for example when the session resigns active) and starts over.
    public mutating func reset() {
        forgetCurrent()
        forgetChosen()
        self = PasscodeFlow(purpose, kind: kind)
    }

    private mutating func forgetCurrent() {
        current?.wipe()
        current = nil
    }

    private mutating func forgetChosen() {
        chosen?.wipe()
        chosen = nil
    }
}
