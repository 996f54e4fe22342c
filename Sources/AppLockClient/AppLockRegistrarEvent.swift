public import AppLockProtocol

/// What an ``AppLockRegistrar`` reports, on its connection's loop thread.
public enum AppLockRegistrarEvent: Sendable {
    /// Whether the agent is on the bus: first as it is now, then at every arrival, restart or departure (and `false`
    /// when the bus connection is lost).
    case agentPresence(Bool)
    /// The answer to registering the app as this connection's: its properties, read right after the agent accepted
    /// it, or why not (``AppLockError/agentUnavailable`` also when the agent left or changed meanwhile).
    case registration(AppID, Result<AppProperties, AppLockError>)
    /// A followed app's properties: read, or changed by `StateChanged` or `PropertiesChanged`; or why they are not
    /// known (``AppLockError/agentUnavailable`` when the agent left, the agent's `UnknownApplication`…).
    case properties(AppID, Result<AppProperties, AppLockError>)
}
