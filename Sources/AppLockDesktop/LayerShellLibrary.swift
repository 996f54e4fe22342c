import SystemKit

/// gtk4-layer-shell (`libgtk4-layer-shell.so.0`, in Debian's `libgtk4-layer-shell0` from Debian 13 on): where it is installed. The guard
/// preloads it (`LD_PRELOAD`) into a lock window that must be a layer-shell surface, since from 1.0 on it wraps
/// libwayland-client's calls and so must be loaded before it; AppLock's programs, built where it may be missing
/// (Debian 12 has none), do not link it.
public enum LayerShellLibrary {
    /// The library's file name (its soname).
    public static let fileName = "libgtk4-layer-shell.so.0"

    /// The library's path: `$APPLOCK_GTK4_LAYER_SHELL` when set (empty: none, as on a system without it), else the
    /// first of the system's library folders that holds it; nil when none does.
    public static func path(environment: [String: String]) -> String? {
        if let path = environment["APPLOCK_GTK4_LAYER_SHELL"] { return path.isEmpty ? nil : path }
        return folders.map { "\($0)/\(fileName)" }.first { SmallFiles.isReadable($0) }
    }

    /// Where the dynamic linker finds the system's libraries: the multiarch folder first.
    static var folders: [String] {
        #if arch(x86_64)
        let triple = "x86_64-linux-gnu"
        #elseif arch(arm64)
        let triple = "aarch64-linux-gnu"
        #else
        let triple = "unknown-linux-gnu"
        #endif
        return ["/usr/lib/\(triple)", "/lib/\(triple)", "/usr/lib64", "/usr/lib"]
    }
}
