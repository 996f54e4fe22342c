import AppLockProtocol
import AppLockCore
import AppLockTestSupport
import DBusKit
import Foundation

/// Runs every measurement against one isolated environment: private session and system buses (with the limits of
/// the buses users have),
/// gnome-keyring, a mocked logind, and a fresh `applockd` for each scenario.
final class Bench {
    let options: BenchOptions
    let report = Report()
    let environment: TestEnvironment
    let systemAddress: String
    let logindUniqueName: String
    /// A blocking connection on the system bus that calls the logind mock.
    let logindCaller: Connection
    var floorOneHop: Latencies?
    var lockBaseline: [Int: Latencies] = [:]

    // Valid ids, written out.
    static let floodApp = try! AppID("org.bench.Flood")
    static let secureApp = try! AppID("org.bench.Secure")

    init(options: BenchOptions) throws {
        self.options = options
        let fileLimit = FileLimit.raiseToHardLimit()
        environment = try TestEnvironment(systemBus: true)
        try environment.startLogind()
        try environment.startKeyring()
        systemAddress = environment.systemBus!.address
        logindCaller = try Connection.address(systemAddress)
        logindUniqueName = try logindCaller.nameOwner(BenchNames.logind) ?? ""
        let policyDirectory = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: policyDirectory, withIntermediateDirectories: true)
        try "[Policy]\nMaxFailedAttempts=1000000\n".write(
            to: policyDirectory.appendingPathComponent("\(Self.floodApp).conf"), atomically: true, encoding: .utf8)
        report.notes.append("Open-file limit \(fileLimit); \(ProcessInfo.processInfo.activeProcessorCount) CPUs; "
            + "dbus-daemon \(Self.dbusVersion()); applockd \(try AgentProcess.locateExecutable().path).")
    }

    func run() throws {
        defer { environment.cleanup() }
        if options.sections.contains("floor") { try measureFloor() }
        if options.sections.contains("lock") || options.sections.contains("throughput") { try measureLockScenarios() }
        if options.sections.contains("unlock") {
            try measureUnlockAndFlood()
            try measureSharedUnlock()
        }
        if options.sections.contains("startup") { try measureStartup() }
        if options.sections.contains("guard") { try measureGuard() }
        if options.sections.contains("reach") { try measureReach() }
        if options.sections.contains("gnome-reach") { try measureGnomeReach() }
        if options.sections.contains("sway") { try measureSwayGuard() }
        if options.sections.contains("sway-reach") { try measureSwayReach() }
        if options.sections.contains("kwin") { try measureKWinGuard() }
        if options.sections.contains("kwin-reach") { try measureKWinReach() }
        if options.sections.contains("gnome") { try measureGnomeGuard() }
        if options.sections.contains("labwc") { try measureLabwcGuard() }
        if options.sections.contains("labwc-reach") { try measureLabwcReach() }
        if options.sections.contains("lockwindow") { try measureLockWindow() }
        if options.sections.contains("settings") { try measureSettings() }
    }

    /// The built program `name`, next to `applockd`.
    static func builtProgram(_ name: String) throws -> URL {
        let executable = try AgentProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchError("\(name) is not built next to applockd (\(executable.path))")
        }
        return executable
    }

    // MARK: - Agent

    /// Starts `applockd`, waits until it serves, and returns it with its unique name.
    func startAgent() throws -> (AgentProcess, String) {
        let agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing(timeout: .seconds(20))
        let connection = try Connection.address(environment.sessionBus.address)
        defer { connection.close() }
        guard let unique = try connection.nameOwner(AppLockBusNames.busName) else {
            throw BenchError("applockd is not serving")
        }
        return (agent, unique)
    }

    /// Calls a method of the logind mock's session (`Lock` or `Unlock`: the mock emits the signal of that name).
    func callLogindSession(_ member: String) throws {
        _ = try logindCaller.call(
            destination: BenchNames.logind, path: try ObjectPath(BenchNames.sessionPath),
            interface: BenchNames.sessionInterface, member: member, timeout: .seconds(10))
    }

    /// One lock cycle: the mock emits `Lock`; returns (first, last) latency in ns from the moment the signal
    /// reached the bench's listener to the moment each app got its `StateChanged`; then unlocks again.
    func lockCycle(_ fleet: AppFleet, listener: LockSignalListener) throws -> (first: UInt64, last: UInt64) {
        fleet.board.reset(expecting: .locked)
        listener.reset()
        try callLogindSession("Lock")
        let timeout = 30 + Double(fleet.ids.count) / 50
        guard let start = listener.waitForArrival(timeout: timeout) else {
            throw BenchError("the logind mock's Lock never reached the listener")
        }
        guard let times = fleet.board.waitForAll(timeout: timeout) else {
            throw BenchError("only \(fleet.board.arrivedCount) of \(fleet.ids.count) apps saw the lock")
        }
        let first = (times.min() ?? start) &- start
        let last = (times.max() ?? start) &- start
        fleet.board.reset(expecting: .unlocked)
        try callLogindSession("Unlock")
        guard fleet.board.waitForAll(timeout: timeout) != nil else {
            throw BenchError("only \(fleet.board.arrivedCount) of \(fleet.ids.count) apps saw the unlock")
        }
        return (Int64(bitPattern: first) < 0 ? 0 : first, Int64(bitPattern: last) < 0 ? 0 : last)
    }

    static func dbusVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "?" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").first.map { String($0.split(separator: " ").last ?? "?") } ?? "?"
    }
}
