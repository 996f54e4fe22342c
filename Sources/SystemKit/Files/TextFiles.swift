import Glibc

/// A failed file operation, with the path and the system's own words for it.
public struct FileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let operation: String
    public let errno: Int32

    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(errno)))"
    }
}

/// Small whole-file reads and crash-safe writes, with Glibc only (no Foundation): the one atomic writer of the
/// agent's state files and of the policy files (`AppLockPolicyStore`).
public enum TextFiles {
    /// The file's text, or nil when it does not exist.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(FileError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError(path: path, operation: "open", errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the file atomically: a temporary file in the same directory,
    /// written, fsynced, renamed over the target, then the directory fsynced,
    /// so a crash leaves either the old or the new content, never a mix. The file is the user's alone (0600).
    public static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileError(path: temporary, operation: "create", errno: errno) }
        var failure: FileError?
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = FileError(path: temporary, operation: "write", errno: errno)
                break
            }
            written += count
        }
        if failure == nil, fsync(fd) != 0 {
            failure = FileError(path: temporary, operation: "fsync", errno: errno)
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let error = FileError(path: path, operation: "rename", errno: errno)
            unlink(temporary)
            throw error
        }
        let directory = parentDirectory(of: path)
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Creates the directory and its parents (mode 0700 for new ones).
    public static func makeDirectories(_ path: String) throws(FileError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw FileError(path: current, operation: "mkdir", errno: errno)
            }
        }
    }

    /// The names of the regular files in a directory ending with `suffix`, sorted; empty when it does not exist.
    public static func fileNames(in directory: String, suffix: String) -> [String] {
        SmallFiles.names(in: directory).filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
    }

    public static func parentDirectory(of path: String) -> String {
        SmallFiles.folder(of: path) ?? "."
    }
}

extension TextFiles {
    /// Deletes the file; no error when there is none.
    public static func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0 && errno != ENOENT { throw FileError(path: path, operation: "unlink", errno: errno) }
    }
}
