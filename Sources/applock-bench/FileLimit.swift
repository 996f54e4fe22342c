import Glibc

/// The bench's own open-file limit: its clients open hundreds of connections.
enum FileLimit {
    /// Raises this process's open-file limit to its hard limit (children, the buses included, inherit it).
    static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
