import Glibc

/// Whole small files read with Glibc only (no Foundation), for what the system and the desktop keep in files:
/// `/proc`, desktop files.
public enum SmallFiles {
    /// The file's text (bytes past `limit` are not read); nil when it cannot be opened or read.
    public static func text(at path: String, limit: Int = 1 << 20) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in a directory (not `.` or `..`), sorted; empty when it cannot be listed.
    public static func names(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether the file exists and this process may read it.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether the file exists and this process may run it.
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The target of a symbolic link; nil when `path` is none or cannot be read.
    public static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count - 1) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder part of a path: `/usr/bin/applockd` → `/usr/bin`, `/x` → `/`; nil without a `/`.
    public static func folder(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
