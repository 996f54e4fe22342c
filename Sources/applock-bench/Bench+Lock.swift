import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

extension Bench {
    /// Lock latency, memory and idle cost for each fleet size; `Properties.Get` throughput with one app.
    func measureLockScenarios() throws {
        let measureLock = options.sections.contains("lock")
        let sizes = measureLock ? options.lockSizes : [1]
        for size in sizes {
            let (agent, unique) = try startAgent()
            defer { agent.terminate() }
            let pid = agent.pid
            try settle(pid)
            let rss0 = ProcStatus.value("VmRSS", pid: pid) ?? 0
            let hwm0 = ProcStatus.value("VmHWM", pid: pid) ?? 0
            if size == sizes.first && measureLock {
                report.add("memory", "VmRSS idle, 0 apps", Double(rss0), "KiB")
                report.add("memory", "VmHWM idle, 0 apps", Double(hwm0), "KiB")
                report.add("memory", "threads of applockd", Double(ProcStatus.threadCount(pid: pid)), "")
            }
            let registerStart = EventLoop.bootTimeNanoseconds()
            let fleet = try AppFleet(
                count: size, prefix: "n\(size)", busAddress: environment.sessionBus.address, agentUniqueName: unique)
            defer { fleet.close() }
            let registerSeconds = Double(EventLoop.bootTimeNanoseconds() - registerStart) / 1e9
            try settle(pid)
            let rss = ProcStatus.value("VmRSS", pid: pid) ?? 0
            let hwm = ProcStatus.value("VmHWM", pid: pid) ?? 0
            if measureLock {
                report.add("scaling", "\(size) apps: registration", Double(size) / registerSeconds, "apps/s")
                report.add("scaling", "\(size) apps: VmRSS idle", Double(rss), "KiB",
                           target: size == 1000 ? "< 12 MiB" : nil, met: size == 1000 ? rss < 12 * 1024 : nil)
                if size == options.idleSize {
                    report.add("memory", "VmRSS idle, \(size) apps", Double(rss), "KiB",
                               target: size == 1000 ? "< 12288 KiB" : nil, met: size == 1000 ? rss < 12 * 1024 : nil)
                    report.add("memory", "VmHWM, \(size) apps", Double(hwm), "KiB")
                    report.add("memory", "per app", Double((rss - rss0) * 1024) / Double(size), "bytes")
                    try measureIdle(pid: pid, apps: size)
                }
                try measureLockLatency(fleet, apps: size)
            }
            if size == 1 && options.sections.contains("throughput") {
                try measureThroughput(appPath: fleet.paths[0])
            }
        }
    }

    /// Waits until the process has been quiet (no voluntary context switch in any thread) for `quiet`, at most 10 s.
    func settle(_ pid: Int32, quiet: Duration = .milliseconds(200)) throws {
        var last = -1
        var quietSince = ContinuousClock.now
        _ = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            let now = ProcStatus.sumOverThreads("voluntary_ctxt_switches", pid: pid)
            defer { last = now }
            if now != last { quietSince = ContinuousClock.now }
            return now == last && ContinuousClock.now - quietSince >= quiet
        }
    }

    func measureIdle(pid: Int32, apps: Int) throws {
        let before = ProcStatus.sumOverThreads("voluntary_ctxt_switches", pid: pid)
        let beforeForced = ProcStatus.sumOverThreads("nonvoluntary_ctxt_switches", pid: pid)
        Thread.sleep(forTimeInterval: options.idleSeconds)
        let after = ProcStatus.sumOverThreads("voluntary_ctxt_switches", pid: pid)
        let afterForced = ProcStatus.sumOverThreads("nonvoluntary_ctxt_switches", pid: pid)
        report.add("idle", "voluntary context switches in \(Report.format(options.idleSeconds)) s, \(apps) apps",
                   Double(after - before), "", target: "0", met: after == before)
        report.add("idle", "involuntary context switches in \(Report.format(options.idleSeconds)) s",
                   Double(afterForced - beforeForced), "")
    }

    func measureLockLatency(_ fleet: AppFleet, apps: Int) throws {
        let listener = try LockSignalListener(systemBusAddress: systemAddress, logindUniqueName: logindUniqueName)
        defer { listener.close() }
        var first = Latencies()
        var last = Latencies()
        _ = try lockCycle(fleet, listener: listener)
        for _ in 0..<options.lockIterations(apps: apps) {
            let (f, l) = try lockCycle(fleet, listener: listener)
            first.record(nanoseconds: f)
            last.record(nanoseconds: l)
        }
        lockBaseline[apps] = first
        let oneHop = floorOneHop?.p50 ?? 0
        let twoHops = oneHop * 2
        let section = "lock \(apps)"
        if apps == 1 {
            // Two hops are the bus's (logind → agent, agent → app); the agent's own work may take one more.
            let met = oneHop > 0 ? first.p50 <= 3 * oneHop : nil
            report.add(section, "Lock → StateChanged p50", first.p50, "µs",
                       target: oneHop > 0 ? "≤ 3× one hop (\(Report.format(3 * oneHop)) µs)" : nil, met: met)
            report.add(section, "Lock → StateChanged p99", first.p99, "µs")
            if oneHop > 0 { report.add(section, "p50 / one-hop floor", first.p50 / oneHop, "×") }
        } else {
            report.add(section, "first app p50", first.p50, "µs")
            report.add(section, "first app p99", first.p99, "µs")
            report.add(section, "last app p50", last.p50, "µs")
            let lastTarget = apps == 1000
            report.add(section, "last app p99", last.p99, "µs",
                       target: lastTarget ? "≤ 50 ms" : nil, met: lastTarget ? last.p99 <= 50_000 : nil)
            if twoHops > 0 { report.add(section, "first app p50 / two-hop floor", first.p50 / twoHops, "×") }
        }
    }

    /// `Properties.Get` of the app's `State` against `GetId` on the bus driver. The two are measured in alternating
    /// short rounds so that both see the same machine (a build or a page-cache flush in the background moves both),
    /// and the target is judged on that paired ratio.
    func measureThroughput(appPath: ObjectPath) throws {
        let address = environment.sessionBus.address
        let propertiesPath = appPath
        let busPath = try ObjectPath("/org/freedesktop/DBus")
        let get: @Sendable (Connection) throws -> Void = { connection in
            _ = try connection.call(
                destination: AppLockBusNames.busName, path: propertiesPath, interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(AppLockBusNames.applicationInterface), .string(ApplicationProperty.state.name)])
        }
        let getID: @Sendable (Connection) throws -> Void = { connection in
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: busPath, interface: "org.freedesktop.DBus", member: "GetId")
        }
        let rounds = options.tiny ? 1 : 10
        let roundSeconds = options.rateSeconds / Double(rounds)
        var getRounds = RoundedRate()
        var getIDRounds = RoundedRate()
        var getLatencies = Latencies()
        for _ in 0..<rounds {
            let driver = try RateMeter.measure(address: address, clients: 1, seconds: roundSeconds, getID)
            getIDRounds.add(driver.rate, seconds: roundSeconds)
            let one = try RateMeter.measure(address: address, clients: 1, seconds: roundSeconds, get)
            getRounds.add(one.rate, seconds: roundSeconds)
            getLatencies.add(one.latencies)
        }
        let ratio = getRounds.rate / getIDRounds.rate
        report.add("throughput", "Properties.Get State, 1 client", getRounds.rate, "calls/s",
                   target: "≥ 0.55× bus driver in the same rounds (\(Report.format(0.55 * getIDRounds.rate)))",
                   met: ratio >= 0.55)
        report.add("throughput", "GetId, 1 client, same rounds", getIDRounds.rate, "calls/s")
        report.add("throughput", "Properties.Get round trip p50", getLatencies.p50, "µs")
        report.add("throughput", "1 client / bus driver", ratio, "×")
        let eight = try RateMeter.measure(address: address, clients: 8, seconds: options.rateSeconds, get)
        report.add("throughput", "Properties.Get State, 8 clients", eight.rate, "calls/s")
        report.add("throughput", "8 clients / bus driver (1 client)", eight.rate / getIDRounds.rate, "×")
    }
}

/// Calls per second over several timed rounds, each weighed by its length.
struct RoundedRate {
    private var calls = 0.0
    private var seconds = 0.0

    mutating func add(_ rate: Double, seconds roundSeconds: Double) {
        calls += rate * roundSeconds
        seconds += roundSeconds
    }

    var rate: Double { seconds > 0 ? calls / seconds : 0 }
}
