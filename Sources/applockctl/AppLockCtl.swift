import ArgumentParser
import Glibc
import Translation

/// applockctl: the command line of AppLock. Talks to applockd on the D-Bus session bus.
@main
struct AppLockCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "applockctl",
        abstract: L("Control the AppLock agent (applockd): application locks, passcodes and policies."),
        discussion: Help.paragraphs(
            Help.text(
                L("applockctl talks to applockd on the D-Bus session bus (io.github.applock.AppLock1)."),
                L("When applockd is not running, D-Bus starts it."),
                L("Passcodes are read from the terminal without echo, or with --stdin from standard input, one line per passcode; never from the command line.")
            ),
            // TRANSLATORS: the heading of the table of exit statuses in applockctl --help, as in a man page.
            L("EXIT STATUS") + "\n" + ExitStatus.helpTable
        ),
        version: "0.1.0",
        subcommands: [
            StatusCommand.self, ListCommand.self, LockCommand.self, UnlockCommand.self,
            SetPasscodeCommand.self, ChangePasscodeCommand.self, RemovePasscodeCommand.self, ResetPasscodeCommand.self,
            PolicyCommand.self, MonitorCommand.self, GuardCommand.self,
        ],
        defaultSubcommand: StatusCommand.self
    )

    /// Runs the command; every failure ends with one sentence on standard error and its documented exit status.
    static func main() {
        unblockTerminationSignals()
        Translation.start()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            Output.error(failure.message)
            Glibc.exit(failure.status.rawValue)
        } catch {
            if exitCode(for: error) == .validationFailure {
                Output.error(fullMessage(for: error))
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }

    /// A parent may have spawned us with signals blocked (threads of test runners do); Ctrl-C and `kill` must work.
    private static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
