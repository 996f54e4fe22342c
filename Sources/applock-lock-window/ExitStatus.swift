/// How `applock-lock-window` ends (also in ``LaunchOptions/usage``).
enum ExitStatus: Int32 {
    case done = 0
    case badCommandLine = 1
    case noDisplay = 2
    case parentGone = 3
    case noSessionBus = 4
}
