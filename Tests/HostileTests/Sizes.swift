import Foundation

/// Workload sizes: the default run fits `make test`; `APPLOCK_SOAK=1` (`make soak`) runs the full sizes.
enum Sizes {
    static let soak = ProcessInfo.processInfo.environment["APPLOCK_SOAK"] == "1"

    /// Messages the fuzzer sends.
    static let fuzzMessages = soak ? 200_000 : 20_000
    /// SIGKILL-and-restart rounds.
    static let restartRounds = soak ? 60 : 8
    /// Concurrent clients under load.
    static let loadClients = 200
    /// Calls each load client makes.
    static let loadCallsPerClient = soak ? 1_000 : 300
    /// Registered applications in the many-apps test.
    static let manyApps = soak ? 10_000 : 4_000
}
