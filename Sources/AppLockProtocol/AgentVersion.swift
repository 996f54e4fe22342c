/// The version of this build of AppLock.
public enum AgentVersion {
    public static let current = "0.1.0"
}
