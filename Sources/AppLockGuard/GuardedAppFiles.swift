public import AppLockDesktop
import AppLockGuardCore
public import AppLockProtocol

/// What the guard reads from the files of its guarded apps: their desktop files, their icons as PNG files, and the
/// program each one's windows may be matched by (``AppIdentity/windowProgram(ofExec:claimed:)``, which needs every
/// installed desktop file's claims, read only when a guarded app runs a program).
public struct GuardedAppFiles: Sendable {
    /// The guarded apps' desktop files; an app without one has a bare entry named after its id.
    public var entries: [AppID: DesktopEntry] = [:]
    /// The guarded apps' icons as PNG files, for covers drawn without an icon theme.
    public var iconFiles: [AppID: String] = [:]
    /// The program each guarded app's windows may be matched by.
    public var programs: [AppID: String] = [:]

    public init() {}

    /// Reads the files of `apps` from `directories`.
    public static func read(_ apps: some Sequence<AppID>, in directories: XDGDataDirectories) -> GuardedAppFiles {
        var files = GuardedAppFiles()
        files.entries = Dictionary(uniqueKeysWithValues: apps.map {
            ($0, DesktopEntry.find($0, in: directories) ?? .bare($0))
        })
        files.iconFiles = files.entries.compactMapValues { $0.icon.flatMap { IconFile.png($0, in: directories) } }
        let execs = files.entries.compactMapValues { $0.exec.flatMap { AppIdentity.program(ofExec: $0) == nil ? nil : $0 } }
        let claimed = execs.isEmpty ? [] : DesktopEntry.claimedWindowNames(in: directories)
        files.programs = execs.compactMapValues { AppIdentity.windowProgram(ofExec: $0, claimed: claimed) }
        return files
    }
}
