/// A command line the lock window does not accept.
enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    case usage(String)

    var description: String {
        switch self {
        case .usage(let why): "applock-lock-window: \(why)\n\n\(LaunchOptions.usage)"
        }
    }
}
