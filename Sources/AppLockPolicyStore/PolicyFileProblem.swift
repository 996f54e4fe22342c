public import AppLockCore

/// Why a policy file cannot be used as it is: it does not parse (file, line and key), it cannot be read or written,
/// or its name is not `<app_id>.conf`. A reader keeps the file's last good version (``PolicyLoader``); a writer
/// writes nothing.
public enum PolicyFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as it is on disk is not a valid policy file; nothing was written.
    case broken(KeyFileError)
    /// The file or its folder could not be read or written (the path and `strerror`).
    case io(path: String, reason: String)
    /// A file in `apps.d` whose name is not `<app_id>.conf`; it is ignored.
    case misnamed(path: String)

    public var description: String {
        switch self {
        case .broken(let error): "\(error)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .misnamed(let path): "\(path): the file name is not <app_id>.conf; ignored"
        }
    }
}
