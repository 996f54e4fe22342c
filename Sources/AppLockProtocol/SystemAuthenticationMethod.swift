/// What system authentication would ask of the user now (`GetSystemAuthentication`): what a window names its
/// button, or why it leaves the button out.
public enum SystemAuthenticationMethod: Sendable, Equatable {
    /// fprintd has prints enrolled for the user: the desktop's dialog takes a finger, or the password.
    case fingerprintOrPassword
    /// polkit answers and no finger is enrolled: the user's password.
    case password
    /// System authentication cannot work here (no system bus, no polkit on it); why.
    case unavailable(String)

    /// The `method` string of `GetSystemAuthentication`'s reply.
    public var wireName: String {
        switch self {
        case .fingerprintOrPassword: "fingerprint"
        case .password: "password"
        case .unavailable: ""
        }
    }

    /// The `reason` string of `GetSystemAuthentication`'s reply.
    public var reason: String {
        if case .unavailable(let why) = self { return why }
        return ""
    }

    /// Reads `GetSystemAuthentication`'s reply; a method this version does not know counts as unavailable.
    public init(wireName: String, reason: String) {
        switch wireName {
        case "fingerprint": self = .fingerprintOrPassword
        case "password": self = .password
        default: self = .unavailable(reason.isEmpty ? "the agent offers no system authentication" : reason)
        }
    }
}
