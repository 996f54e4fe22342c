public import AppLockCore

/// Why a policy file was not changed: it does not parse (file, line and key), or it cannot be read or written.
public enum PolicyFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as it is on disk is not a valid policy file; nothing was written.
    case broken(KeyFileError)
    /// The file or its folder could not be read or written (the path and `strerror`).
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .broken(let error): "\(error)"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
