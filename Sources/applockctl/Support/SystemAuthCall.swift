/// A Manager call that polkit answers only after the desktop asked the user to authenticate
/// (`UnlockWithSystemAuthentication`, `ResetPasscode`): no passcode prompt here, and a reply timeout longer than
/// the agent's own limit for the user (300 s).
enum SystemAuthCall {
    static let timeout: Duration = .seconds(330)

    /// Calls `member(app)` and waits for the user to authenticate in the desktop's dialog.
    static func run(_ member: String, app: String) throws(CommandFailure) {
        let client = try AgentClient(timeout: timeout)
        try client.callManager(member, [.string(app)], about: app)
    }
}
