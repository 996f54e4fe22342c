import AppLockAgent
import AppLockProtocol
import Glibc
import Logging
import SystemKit
import Translation

let usage = """
    Usage: applockd [--verbose] [--version] [--help]

    The AppLock agent: serves io.github.applock.AppLock1 on the session bus and
    locks applications when the session locks, sleeps, idles or hides them.
    It is normally started by D-Bus activation, systemd --user or XDG autostart.

      --verbose   log debug messages too
      --version   print the version, the administrator's policy file this
                  build reads and the system bus it asks polkit on, and exit
      --help      print this help and exit

    Environment: XDG_CONFIG_HOME, XDG_STATE_HOME, APPLOCK_ADMIN_POLICY (debug builds only), APPLOCK_STORE_HELPER,
    DBUS_SESSION_BUS_ADDRESS, DBUS_SYSTEM_BUS_ADDRESS (polkit follows it in debug builds only), JOURNAL_STREAM.
    """

/// Writes to standard error without touching C's `stderr` global.
enum StandardError {
    static func writeError(_ text: String) {
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

/// The log level the arguments ask for; `--version`, `--help` and bad options exit here.
func parseArguments() -> Logger.Level {
    var level = Logger.Level.info
    for argument in CommandLine.arguments.dropFirst() {
        switch argument {
        case "--verbose", "-v": level = .debug
        case "--version":
            print("applockd \(AgentVersion.current)")
            print(AgentConfiguration.administratorPolicyLine)
            print(AgentConfiguration.polkitBusLine)
            exit(0)
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            StandardError.writeError("applockd: unknown option \(argument)\n\(usage)\n")
            exit(2)
        }
    }
    return level
}

SecretHolding.forbidMemoryReadout()
// The notifications speak the session's language; log lines stay English.
Translation.start()
let level = parseArguments()
LoggingSystem.bootstrap { label in JournalLogHandler(label: label, logLevel: level) }
let logger = Logger(label: "applockd")
do {
    let agent = try Agent(configuration: .fromEnvironment(), logger: logger)
    exit(try agent.run())
} catch {
    logger.critical("cannot start: \(error)")
    exit(1)
}
