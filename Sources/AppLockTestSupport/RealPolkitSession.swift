import Foundation
import Glibc

/// System authentication as a desktop meets it, on this machine (root only): the real `polkitd` (Debian 12's 122)
/// and a real authentication agent (`pkttyagent`), with `fprintd` reading libfprint's `virtual_device` and
/// `pam_fprintd` in polkit's PAM stack, for the session of a non-root user with a password (polkit authorises
/// uid 0 for everything).
///
/// All of it lives in a private mount namespace, so that the system bus is at `/run/dbus/system_bus_socket` (the
/// setuid `polkit-agent-helper-1`, and `pam_fprintd` inside it, ignore `DBUS_SYSTEM_BUS_ADDRESS`) and polkit reads
/// AppLock's action file, a rule and a PAM stack of the test's, without touching the machine's own. In the
/// namespace: the system bus (as `messagebus`), `polkitd` (it drops to `polkitd`), `fprintd`, and, as the user,
/// `applockd` and every `applockctl`. The session bus and the keyring are a ``TestEnvironment``'s (its bus lets any
/// uid in). The rule returns `AUTH_SELF` for AppLock's actions: it stands in for the active local session, which
/// the action files' `allow_active` needs and a namespace without logind does not have.
public final class RealPolkitSession {
    /// The user whose session this is; made when missing and removed by ``cleanup()``.
    public static let user = "applock-polkit-test"
    /// The finger the virtual reader enrolls for the user.
    public static let enrolledFinger = "right-index-finger"

    /// The session bus, the keyring and the temporary folders (the user's where the agent writes).
    public let environment: TestEnvironment
    /// The user's password (a fresh one for every session; typed only into the agent's terminal).
    public let password: String
    private let uid: uid_t
    private let gid: gid_t
    private let work: URL
    private let programs: URL
    private let namespace: Process
    private let readerSocket: URL
    private var agent: Process?

    /// Sets everything up but the agent (``startAgent()``); throws when not root.
    public init() throws {
        guard getuid() == 0 else {
            throw TestSupportError("the real polkit runs only as root: it needs a mount namespace and a test user")
        }
        environment = try TestEnvironment()
        do {
            password = "pk-" + UUID().uuidString.prefix(13)
            (uid, gid) = try Self.makeUser(password: password, in: environment)
            work = environment.root.appendingPathComponent("real-polkit")
            programs = work.appendingPathComponent("bin")
            readerSocket = work.appendingPathComponent("virtual-reader.socket")
            try Self.prepareFiles(work: work, programs: programs)
            namespace = try Self.startNamespace(environment, log: environment.logDirectory)
            try mountPrivateFiles()
            try startSystemServices()
            try environment.startKeyring()
            for folder in [environment.home, environment.configHome, environment.stateHome, environment.dataHome,
                           environment.cacheHome, environment.runtimeDir] {
                try giveToUser(folder)
            }
        } catch {
            let environment = environment
            _ = UserDatabaseLock.held { Self.runAsRoot(["userdel", Self.user], in: environment) }
            environment.cleanup()
            throw error
        }
    }

    // MARK: The session

    /// Starts the built `applockd` as the user, in the namespace, with `DBUS_SYSTEM_BUS_ADDRESS` unset: it asks
    /// polkit on the system bus's standard socket, as a release build always does. Returns once it serves.
    public func startAgent() throws {
        let log = environment.logDirectory.appendingPathComponent("applockd.log")
        let process = try CommandRunner.launch(asUser([programs.appendingPathComponent("applockd").path]),
                                               environment: userEnvironment, log: log)
        environment.track(process.processIdentifier)
        agent = process
        guard environment.waitForName("io.github.applock.AppLock1") else {
            throw TestSupportError("applockd did not start: \(CommandRunner.readText(log))")
        }
    }

    /// The agent's log so far.
    public var agentLog: String {
        CommandRunner.readText(environment.logDirectory.appendingPathComponent("applockd.log"))
    }

    /// What the system bus, polkitd and fprintd have written so far, each under its name: for a test's failure
    /// message when polkit did not answer as expected.
    public var systemLog: String {
        ["system-bus.log", "polkitd.log", "fprintd.log"].map { name in
            "--- \(name):\n" + CommandRunner.readText(environment.logDirectory.appendingPathComponent(name))
        }.joined(separator: "\n")
    }

    /// Runs the built `applockctl` as the user with no polkit authentication agent registered for it.
    public func applockctl(_ arguments: [String], input: String? = nil) -> CommandResult {
        runAsUser([programs.appendingPathComponent("applockctl").path] + arguments, input: input)
    }

    /// Runs `argv` as the user in the namespace, with no polkit authentication agent registered for it.
    public func runAsUser(_ argv: [String], input: String? = nil) -> CommandResult {
        CommandRunner.run(asUser(argv), environment: userEnvironment, input: input, scratch: environment.root,
                          timeout: .seconds(30))
    }

    /// How the user answers the authentication agent.
    public enum Answer: Sendable {
        /// Types this password at the agent's `Password:` prompt.
        case password(String)
        /// Presents this finger to the reader when the agent asks for one, then types `thenPassword`, if any, when
        /// the agent falls back to the password.
        case finger(String, thenPassword: String?)
    }

    /// `applockctl` run as the user on a terminal (`script`) whose `pkttyagent` is registered for it before it
    /// starts, answering the agent as `answer` says. The result's `stdout` is the terminal's whole transcript
    /// (the agent's prompts and `applockctl`'s output); `typed` says whether a password was typed.
    public func applockctl(_ arguments: [String], answering answer: Answer) throws -> (result: CommandResult, typed: Bool) {
        let command = ([PackageFolders.package.appendingPathComponent("Tests/scripts/with-pkttyagent.sh").path,
                        programs.appendingPathComponent("applockctl").path] + arguments).map(Self.shellQuoted)
        let transcript = work.appendingPathComponent("terminal-\(UUID().uuidString.prefix(8)).log")
        let process = Process()
        process.executableURL = try CommandRunner.resolve("nsenter", environment: environment.environment)
        process.arguments = Array(asUser(["script", "--quiet", "--return", "--command", command.joined(separator: " "),
                                          "/dev/null"]).dropFirst())
        process.environment = userEnvironment.merging(["SHELL": "/bin/sh"]) { $1 }
        let keyboard = Pipe()
        process.standardInput = keyboard
        _ = FileManager.default.createFile(atPath: transcript.path, contents: nil)
        let output = try FileHandle(forWritingTo: transcript)
        process.standardOutput = output
        process.standardError = output
        try CommandRunner.withUnblockedSignals { try process.run() }
        try output.close()
        environment.track(process.processIdentifier)
        defer { environment.untrack(process.processIdentifier) }

        var passwordsTyped = 0
        var fingersShown = 0
        var failure: String?
        let ended = waitUntil(timeout: .seconds(60), pollEvery: .milliseconds(50)) {
            let text = CommandRunner.readText(transcript)
            switch answer {
            case .password(let password):
                if Self.count("Password:", in: text) > passwordsTyped {
                    keyboard.fileHandleForWriting.write(Data((password + "\n").utf8))
                    passwordsTyped += 1
                }
            case .finger(let finger, let thenPassword):
                if Self.count("Swipe your", in: text) > fingersShown {
                    if present(finger) { fingersShown += 1 }
                }
                if let thenPassword, Self.count("Password:", in: text) > passwordsTyped {
                    keyboard.fileHandleForWriting.write(Data((thenPassword + "\n").utf8))
                    passwordsTyped += 1
                }
            }
            if passwordsTyped > 3 || fingersShown > 3 { failure = "the agent kept asking" }
            return !process.isRunning || failure != nil
        }
        if !ended || failure != nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? keyboard.fileHandleForWriting.close()
        let text = CommandRunner.readText(transcript).replacingOccurrences(of: "\r\n", with: "\n")
        guard ended, failure == nil else {
            throw TestSupportError("applockctl \(arguments) on the agent's terminal: \(failure ?? "no end in 60 s"):\n\(text)")
        }
        return (CommandResult(status: process.terminationStatus, stdout: text, stderr: ""), passwordsTyped > 0)
    }

    // MARK: The fingerprint reader

    /// Enrolls `finger` (the id the virtual reader knows it by) as the user's ``enrolledFinger`` with the real
    /// `fprintd-enroll`, presenting it at each of the reader's enrollment stages.
    public func enroll(_ finger: String) throws {
        let log = work.appendingPathComponent("enroll.log")
        let process = try CommandRunner.launch(inNamespace(["fprintd-enroll", "-f", Self.enrolledFinger, Self.user]),
                                               environment: Self.rootEnvironment(environment), log: log)
        environment.track(process.processIdentifier)
        defer { environment.untrack(process.processIdentifier) }
        var presented = 0
        let done = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) {
            let text = CommandRunner.readText(log)
            // One presentation when enrollment starts, then one after each stage that passed.
            let stages = text.contains("Enrolling ") ? 1 + Self.count("enroll-stage-passed", in: text) : 0
            if presented < stages, present(finger) { presented += 1 }
            return !process.isRunning
        }
        if !done { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = CommandRunner.readText(log)
        guard done, process.terminationStatus == 0, text.contains("enroll-completed") else {
            throw TestSupportError("fprintd-enroll did not complete: \(text)")
        }
    }

    /// Presents `finger` to the virtual reader; false while the reader is not open (nobody is reading it).
    private func present(_ finger: String) -> Bool {
        let scan = PackageFolders.package.appendingPathComponent("Tests/scripts/fprint-virtual-scan.py").path
        return Self.runAsRoot(inNamespace(["/usr/bin/python3", scan, readerSocket.path, finger]), in: environment).succeeded
    }

    // MARK: Ending

    /// Ends every process in the namespace (and with it the namespace), the environment, and removes the user.
    public func cleanup() {
        let mine = Self.mountNamespace(of: namespace.processIdentifier)
        if let mine {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(pid_t.init) ?? []
            for pid in pids where pid != namespace.processIdentifier && Self.mountNamespace(of: pid) == mine {
                kill(pid, SIGKILL)
            }
        }
        kill(namespace.processIdentifier, SIGKILL)
        namespace.waitUntilExit()
        if let mine {
            // userdel refuses a user who still has processes.
            waitUntil(timeout: .seconds(10)) {
                let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(pid_t.init) ?? []
                return !pids.contains { Self.mountNamespace(of: $0) == mine }
            }
        }
        agent?.waitUntilExit()
        let removed = UserDatabaseLock.held { Self.runAsRoot(["userdel", Self.user], in: environment) }
        if !removed.succeeded { FileHandle.standardError.write(Data("userdel \(Self.user): \(removed.stderr)\n".utf8)) }
        environment.cleanup()
    }

    // MARK: Set-up

    /// The test user, with `password`; returns its uid and gid.
    private static func makeUser(password: String, in environment: TestEnvironment) throws -> (uid_t, gid_t) {
        try UserDatabaseLock.held {
            if getpwnam(user) == nil {
                let add = runAsRoot(["useradd", "--no-create-home", "--home-dir", "/nonexistent", "--shell",
                                     "/usr/sbin/nologin", user], in: environment)
                guard add.succeeded else { throw TestSupportError("useradd \(user): \(add.stderr)") }
            }
            let set = runAsRoot(["chpasswd"], input: "\(user):\(password)\n", in: environment)
            guard set.succeeded else { throw TestSupportError("chpasswd: \(set.stderr)") }
            guard let entry = getpwnam(user) else { throw TestSupportError("\(user) has no passwd entry") }
            return (entry.pointee.pw_uid, entry.pointee.pw_gid)
        }
    }

    /// The folders bound over the system's (polkit's actions and rules, PAM's stacks) and copies of the programs
    /// the user runs (the build folder may be one the user cannot enter).
    private static func prepareFiles(work: URL, programs: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: programs, withIntermediateDirectories: true)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.path)
        for name in ["applockd", "applockctl", "applock-store-helper"] {
            try fm.copyItem(atPath: try PackageFolders.program(name), toPath: programs.appendingPathComponent(name).path)
        }

        let actions = work.appendingPathComponent("actions")
        try fm.createDirectory(at: actions, withIntermediateDirectories: true)
        for name in (try? fm.contentsOfDirectory(atPath: "/usr/share/polkit-1/actions")) ?? [] where name != "io.github.applock.policy" {
            try fm.copyItem(atPath: "/usr/share/polkit-1/actions/\(name)", toPath: actions.appendingPathComponent(name).path)
        }
        try fm.copyItem(at: PackageFolders.package.appendingPathComponent("data/io.github.applock.policy"),
                        to: actions.appendingPathComponent("io.github.applock.policy"))

        let rules = work.appendingPathComponent("rules.d")
        try fm.createDirectory(at: rules, withIntermediateDirectories: true)
        try """
            // The active local session, which a namespace without logind cannot show polkit: AppLock's actions ask
            // for the user's own password, and fprintd lets the user list their own fingers (its allow_active).
            polkit.addRule(function(action, subject) {
                if (action.id.indexOf("io.github.applock.") == 0)
                    return polkit.Result.AUTH_SELF;
                if (action.id == "net.reactivated.fprint.device.verify" && subject.user == "\(RealPolkitSession.user)")
                    return polkit.Result.YES;
            });

            """.write(to: rules.appendingPathComponent("50-applock-test.rules"), atomically: true, encoding: .utf8)

        // /etc/pam.d as it is, with a polkit-1 stack that tries the finger first (what `pam-auth-update` makes of
        // libpam-fprintd's profile), then the system's own polkit-1 stack.
        let pam = work.appendingPathComponent("pam.d")
        try fm.copyItem(atPath: "/etc/pam.d", toPath: pam.path)
        let systemStack = ["/etc/pam.d/polkit-1", "/usr/lib/pam.d/polkit-1"].first { fm.fileExists(atPath: $0) }
        guard let systemStack else { throw TestSupportError("no polkit-1 PAM stack (package polkitd)") }
        let stack = try String(contentsOfFile: systemStack, encoding: .utf8)
        try? fm.removeItem(at: pam.appendingPathComponent("polkit-1"))
        try ("auth sufficient pam_fprintd.so max-tries=1 timeout=10\n" + stack)
            .write(to: pam.appendingPathComponent("polkit-1"), atomically: true, encoding: .utf8)
    }

    /// `unshare -m` holding a private mount namespace (it becomes `sleep`); returns once the namespace is there.
    private static func startNamespace(_ environment: TestEnvironment, log: URL) throws -> Process {
        let process = try CommandRunner.launch(["unshare", "--mount", "--propagation", "private", "sleep", "infinity"],
                                               environment: environment.environment,
                                               log: log.appendingPathComponent("namespace.log"))
        environment.track(process.processIdentifier)
        let own = mountNamespace(of: getpid())
        guard waitUntil(timeout: .seconds(10), {
            let theirs = mountNamespace(of: process.processIdentifier)
            return theirs != nil && theirs != own
        }) else {
            throw TestSupportError("unshare made no mount namespace: \(CommandRunner.readText(log.appendingPathComponent("namespace.log")))")
        }
        return process
    }

    private func mountPrivateFiles() throws {
        for mount in [
            ["mount", "-t", "tmpfs", "tmpfs", "/run/dbus"],
            ["mount", "--bind", work.appendingPathComponent("actions").path, "/usr/share/polkit-1/actions"],
            ["mount", "--bind", work.appendingPathComponent("rules.d").path, "/etc/polkit-1/rules.d"],
            ["mount", "--bind", work.appendingPathComponent("pam.d").path, "/etc/pam.d"],
        ] {
            let result = Self.runAsRoot(inNamespace(mount), in: environment)
            guard result.succeeded else { throw TestSupportError("\(mount.joined(separator: " ")): \(result.stderr)") }
        }
    }

    /// The system bus at its standard socket, polkitd and fprintd (reading the virtual reader), each in the
    /// foreground; returns once polkit and fprintd own their names.
    private func startSystemServices() throws {
        let logs = environment.logDirectory
        let bus = try CommandRunner.launch(inNamespace(["dbus-daemon", "--system", "--nofork", "--nopidfile"]),
                                           environment: Self.rootEnvironment(environment),
                                           log: logs.appendingPathComponent("system-bus.log"))
        environment.track(bus.processIdentifier)
        guard waitUntil(timeout: .seconds(10), { systemBusAnswers() }) else {
            throw TestSupportError("the system bus did not start: \(CommandRunner.readText(logs.appendingPathComponent("system-bus.log")))")
        }
        let reader = work.appendingPathComponent("fprint-state")
        let services: [(String, [String], [String: String])] = [
            ("org.freedesktop.PolicyKit1", ["/usr/lib/polkit-1/polkitd"], [:]),
            ("net.reactivated.Fprint", ["/usr/libexec/fprintd", "--no-timeout"], [
                "FP_VIRTUAL_DEVICE": readerSocket.path, "FP_DRIVERS_WHITELIST": "virtual_device",
                "STATE_DIRECTORY": reader.path,
            ]),
        ]
        for (name, argv, variables) in services {
            let log = logs.appendingPathComponent("\(URL(fileURLWithPath: argv[0]).lastPathComponent).log")
            let process = try CommandRunner.launch(inNamespace(argv),
                                                   environment: Self.rootEnvironment(environment).merging(variables) { $1 },
                                                   log: log)
            environment.track(process.processIdentifier)
            guard waitUntil(timeout: .seconds(15), { systemBusHasOwner(name) }) else {
                throw TestSupportError("\(argv[0]) did not take \(name): \(CommandRunner.readText(log))")
            }
        }
    }

    private func systemBusAnswers() -> Bool {
        Self.runAsRoot(inNamespace(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus",
                                    "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId"]), in: environment).succeeded
    }

    private func systemBusHasOwner(_ name: String) -> Bool {
        Self.runAsRoot(inNamespace(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus",
                                    "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:\(name)"]),
                       in: environment).stdout.contains("boolean true")
    }

    private func giveToUser(_ folder: URL) throws {
        guard chown(folder.path, uid, gid) == 0 else {
            throw TestSupportError("chown \(folder.path): \(String(cString: strerror(errno)))")
        }
    }

    // MARK: Running things

    /// The environment's variables without `DBUS_SYSTEM_BUS_ADDRESS` (the agent and the tools use the standard
    /// socket), with the user's name.
    private var userEnvironment: [String: String] {
        var variables = Self.rootEnvironment(environment)
        variables["USER"] = Self.user
        variables["LOGNAME"] = Self.user
        return variables
    }

    private func inNamespace(_ argv: [String]) -> [String] {
        ["nsenter", "--target", String(namespace.processIdentifier), "--mount", "--"] + argv
    }

    private func asUser(_ argv: [String]) -> [String] {
        inNamespace(["setpriv", "--reuid", String(uid), "--regid", String(gid), "--clear-groups", "--"] + argv)
    }

    /// Runs `argv` as root with the environment's variables but `DBUS_SYSTEM_BUS_ADDRESS` (in the namespace the
    /// system bus is at its standard socket).
    private static func runAsRoot(_ argv: [String], input: String? = nil, in environment: TestEnvironment) -> CommandResult {
        CommandRunner.run(argv, environment: rootEnvironment(environment), input: input, scratch: environment.root,
                          timeout: .seconds(30))
    }

    private static func rootEnvironment(_ environment: TestEnvironment) -> [String: String] {
        environment.environment.filter { $0.key != "DBUS_SYSTEM_BUS_ADDRESS" }
    }

    private static func mountNamespace(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/mnt")
    }

    private static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
