public import AppLockCore

/// The passcode screens as a small pure state machine (SwiftPasscodeLock's enter / set / confirm / mismatch /
/// change states) that any UI can drive: show ``step`` and ``notice``, pass each entered passcode to
/// ``submit(_:)``, carry out the ``Request`` it returns (``AppLockSession/perform(_:)``), and hand the answer to
/// ``complete(_:)``. No I/O happens here.
///
/// ```swift
/// var flow = PasscodeFlow(.set(.fourDigit))
/// flow.submit("1234")            // nil: now .confirmPasscode
/// let request = flow.submit("1234")!   // .setPasscode("1234", .fourDigit), step .waiting
/// flow.complete(await session.perform(request))   // .finished
/// ```
public struct PasscodeFlow: Sendable, Equatable {
    /// What the flow is for.
    public enum Purpose: Sendable, Equatable {
        /// Enter the passcode to unlock.
        case unlock
        /// Choose a first passcode of this kind, then confirm it.
        case set(PasscodeKind)
        /// Enter the current passcode, choose a new one of this kind, confirm it.
        case change(PasscodeKind)
        /// Enter the current passcode to remove it.
        case remove
    }

    /// The screen to show.
    public enum Step: Sendable, Equatable {
        /// Enter the passcode (to unlock, or the current one to change or remove it).
        case enterPasscode
        /// Choose a new passcode.
        case setPasscode
        /// Type the new passcode again.
        case confirmPasscode
        /// A request is with the agent.
        case waiting
        /// Done: the agent accepted.
        case finished
    }

    /// What to tell the user on the current screen.
    public enum Notice: Sendable, Equatable {
        /// The confirmation did not match; choose the new passcode again.
        case mismatch
        /// The entry does not have the shape of the kind (e.g. not 4 digits).
        case wrongShape(PasscodeKind)
        /// The agent refused the passcode.
        case failed(AppLockError)
    }

    /// A call to make to the agent.
    public enum Request: Sendable, Equatable {
        case unlock(String)
        case setPasscode(String, PasscodeKind)
        case changePasscode(old: String, new: String, kind: PasscodeKind)
        case removePasscode(String)
    }

    /// What the flow is for.
    public let purpose: Purpose
    /// The screen to show.
    public private(set) var step: Step
    /// What to tell the user, nil for nothing.
    public private(set) var notice: Notice?
    private var current: String?
    private var chosen: String?
    /// The step to return to when the agent refuses the request.
    private var retryStep: Step = .enterPasscode

    public init(_ purpose: Purpose) {
        self.purpose = purpose
        switch purpose {
        case .unlock, .change, .remove: step = .enterPasscode
        case .set: step = .setPasscode
        }
    }

    /// The kind a new passcode must have (set and change), nil otherwise.
    public var newKind: PasscodeKind? {
        switch purpose {
        case .set(let kind), .change(let kind): kind
        case .unlock, .remove: nil
        }
    }

    /// A short prompt for the current step.
    public var prompt: String {
        switch step {
        case .enterPasscode:
            if case .unlock = purpose { return "Enter passcode" }
            return "Enter your current passcode"
        case .setPasscode: return "Choose a new passcode"
        case .confirmPasscode: return "Confirm the new passcode"
        case .waiting: return "Checking…"
        case .finished: return "Done"
        }
    }

    /// Takes one complete entry. Returns the request to make when the flow needs the agent (the step is then
    /// ``Step/waiting``), nil when it only moved to its next screen.
    public mutating func submit(_ entry: String) -> Request? {
        switch step {
        case .enterPasscode:
            notice = nil
            switch purpose {
            case .unlock:
                return wait(retry: .enterPasscode, .unlock(entry))
            case .remove:
                return wait(retry: .enterPasscode, .removePasscode(entry))
            case .change:
                current = entry
                step = .setPasscode
                return nil
            case .set:
                return nil
            }
        case .setPasscode:
            guard let kind = newKind else { return nil }
            guard kind.accepts(entry) else {
                notice = .wrongShape(kind)
                return nil
            }
            notice = nil
            chosen = entry
            step = .confirmPasscode
            return nil
        case .confirmPasscode:
            guard let chosen, let kind = newKind else { return nil }
            guard entry == chosen else {
                self.chosen = nil
                notice = .mismatch
                step = .setPasscode
                return nil
            }
            notice = nil
            if let current {
                return wait(retry: .enterPasscode, .changePasscode(old: current, new: chosen, kind: kind))
            }
            return wait(retry: .setPasscode, .setPasscode(chosen, kind))
        case .waiting, .finished:
            return nil
        }
    }

    /// Takes the agent's answer to the last request.
    public mutating func complete(_ result: Result<Void, AppLockError>) {
        guard step == .waiting else { return }
        switch result {
        case .success:
            step = .finished
            notice = nil
            current = nil
            chosen = nil
        case .failure(let error):
            notice = .failed(error)
            chosen = nil
            switch error {
            case .agent(.invalidPasscode, _) where current != nil:
                // ChangePasscode refused the new passcode only: choose another.
                step = .setPasscode
            default:
                step = retryStep
                if retryStep == .enterPasscode { current = nil }
            }
        }
    }

    /// Clears anything half done (for example when the session resigns active) and starts over.
    public mutating func reset() {
        self = PasscodeFlow(purpose)
    }

    private mutating func wait(retry: Step, _ request: Request) -> Request {
        retryStep = retry
        step = .waiting
        return request
    }
}
