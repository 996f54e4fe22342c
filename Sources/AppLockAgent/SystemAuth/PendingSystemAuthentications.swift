import AppLockAgentCore
import AppLockCore
import DBusKit

/// The calls waiting for a system authentication, by ticket id: whom the agent must answer when polkit answers
/// or the check is cancelled, and how far the check got.
struct PendingSystemAuthentications {
    /// One waiting call.
    struct Entry {
        let call: MethodInvocation
        /// For a policy confirmation: the app's policy in the files when the check began, the one the user confirms.
        let policyAsked: Policy?
        /// The caller's process, once the bus said who it is.
        var process: CallerProcess?
        /// `CheckAuthorization` was sent, so a cancellation must reach polkit too.
        var checkSent = false
    }

    private var entries: [UInt64: Entry] = [:]

    mutating func begin(_ ticket: SystemAuthTicket, _ call: MethodInvocation, policyAsked: Policy? = nil) {
        entries[ticket.id] = Entry(call: call, policyAsked: policyAsked)
    }

    func isPending(_ ticket: SystemAuthTicket) -> Bool {
        entries[ticket.id] != nil
    }

    func process(of ticket: SystemAuthTicket) -> CallerProcess? {
        entries[ticket.id]?.process
    }

    mutating func identified(_ ticket: SystemAuthTicket, as process: CallerProcess) {
        entries[ticket.id]?.process = process
    }

    mutating func checkSent(_ ticket: SystemAuthTicket) {
        entries[ticket.id]?.checkSent = true
    }

    /// Forgets `ticket` and returns its entry; nil when it was already answered.
    mutating func end(_ ticket: SystemAuthTicket) -> Entry? {
        entries.removeValue(forKey: ticket.id)
    }
}
