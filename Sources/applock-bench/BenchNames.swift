/// The logind mock's names, as the bench uses them (the agent's are `AppLockBusNames`).
enum BenchNames {
    static let logind = "org.freedesktop.login1"
    static let sessionPath = "/org/freedesktop/login1/session/c1"
    static let sessionInterface = "org.freedesktop.login1.Session"
}
