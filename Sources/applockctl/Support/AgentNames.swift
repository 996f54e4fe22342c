/// The agent's D-Bus names, as SPEC fixes them.
enum AgentNames {
    static let busName = "io.github.applock.AppLock1"
    static let managerPath = "/io/github/applock/AppLock1"
    static let managerInterface = "io.github.applock.AppLock1.Manager"
    static let applicationInterface = "io.github.applock.AppLock1.Application"
    static let errorPrefix = "io.github.applock.AppLock1.Error."
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
}
