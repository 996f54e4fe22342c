/// The agent's D-Bus names and the logind mock's, as the bench uses them.
enum BenchNames {
    static let busName = "io.github.applock.AppLock1"
    static let managerPath = "/io/github/applock/AppLock1"
    static let managerInterface = "io.github.applock.AppLock1.Manager"
    static let applicationInterface = "io.github.applock.AppLock1.Application"
    static let logind = "org.freedesktop.login1"
    static let sessionPath = "/org/freedesktop/login1/session/c1"
    static let sessionInterface = "org.freedesktop.login1.Session"
}
