import Glibc

/// Where `applock-lock-window` is, for the tools that open its set-passcode window (`applockctl guard add`,
/// AppLock Settings): `$APPLOCK_LOCK_WINDOW`, else next to the running program; nil when neither is there.
public enum LockWindowExecutable {
    public static func path(environment: [String: String]) -> String? {
        if let path = environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let path = folder + "/applock-lock-window"
        return access(path, X_OK) == 0 ? path : nil
    }
}
