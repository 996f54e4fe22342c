import AppLockClient
import AppLockCore

/// SwiftPasscodeLock's set / confirm / mismatch / change / remove screens as a small state machine with no I/O:
/// show ``prompt`` and ``notice``, hand each complete entry to ``submit(_:)``, make the ``Request`` it returns
/// and give the agent's answer to ``complete(_:)``. Entries are held as ``PasscodeBytes`` and wiped when the
/// flow is done with them.
struct PasscodeSetup {
    enum Purpose: Equatable {
        case set, change, remove
    }

    enum Step: Equatable {
        /// The current passcode (change, remove).
        case enterCurrent
        /// A new passcode (set, change).
        case choose
        /// The new passcode again.
        case confirm
        /// A request is with the agent.
        case waiting
        case finished
    }

    /// A call to make to the agent.
    enum Request {
        case set(PasscodeBytes, PasscodeKind)
        case change(old: PasscodeBytes, new: PasscodeBytes, kind: PasscodeKind)
        case remove(PasscodeBytes)
    }

    let purpose: Purpose
    private(set) var step: Step
    /// The kind of the new passcode (set, change).
    var kind: PasscodeKind
    /// What to tell the user on this screen, nil for nothing.
    private(set) var notice: String?
    private var current: PasscodeBytes?
    private var chosen: PasscodeBytes?

    init(_ purpose: Purpose, kind: PasscodeKind) {
        self.purpose = purpose
        self.kind = kind
        step = purpose == .set ? .choose : .enterCurrent
    }

    var prompt: String {
        switch step {
        case .enterCurrent: "Enter your current passcode"
        case .choose: "Choose a new passcode"
        case .confirm: "Enter the new passcode again"
        case .waiting: "Saving…"
        case .finished:
            switch purpose {
            case .set: "The passcode is set."
            case .change: "The passcode is changed."
            case .remove: "The passcode is removed."
            }
        }
    }

    /// Takes one complete entry (the flow keeps its own copy). Returns the request to make when the flow needs
    /// the agent, nil when it only moved to its next screen.
    mutating func submit(_ entry: PasscodeBytes) -> Request? {
        let copy = entry.copy()
        switch step {
        case .enterCurrent:
            notice = nil
            if purpose == .remove {
                step = .waiting
                return .remove(copy)
            }
            current = copy
            step = .choose
            return nil
        case .choose:
            notice = nil
            chosen = copy
            step = .confirm
            return nil
        case .confirm:
            guard let chosen, chosen.matches(copy) else {
                copy.wipe()
                self.chosen?.wipe()
                self.chosen = nil
                notice = "The passcodes did not match. Choose a new passcode again."
                step = .choose
                return nil
            }
            copy.wipe()
            step = .waiting
            if let current { return .change(old: current, new: chosen, kind: kind) }
            return .set(chosen, kind)
        case .waiting, .finished:
            copy.wipe()
            return nil
        }
    }

    /// Takes the agent's answer to the last request.
    mutating func complete(_ result: Result<Void, AppLockError>) {
        guard step == .waiting else { return }
        chosen?.wipe()
        chosen = nil
        switch result {
        case .success:
            current?.wipe()
            current = nil
            notice = nil
            step = .finished
        case .failure(let error):
            notice = Self.sentence(for: error)
            if error.agentError == .invalidPasscode, current != nil {
                step = .choose
            } else {
                current?.wipe()
                current = nil
                step = purpose == .set ? .choose : .enterCurrent
            }
        }
    }

    private static func sentence(for error: AppLockError) -> String {
        switch error.agentError {
        case .wrongPasscode?: "Wrong passcode."
        case .lockedOut?: "Too many failed attempts. Try again later."
        case .storeUnavailable?: "The keyring is locked or unavailable, so the passcode cannot be saved."
        default: error.description
        }
    }
}
