internal import CGtk

/// A program started with GLib's `g_spawn_async` from the main loop: its standard output and error go to
/// `/dev/null` (what it prints is not for the user's terminal), and the main loop reaps it and calls `onExit` when
/// it has ended.
@MainActor
public final class SpawnedProgram {
    /// Whether the program has not ended yet.
    public var isRunning: Bool { !box.ended }
    private let box: ExitBox

    /// Starts `executable` (an absolute path) with `arguments` (argv[1...]) in this process's environment.
    public init(executable: String, arguments: [String], onExit: @escaping @MainActor @Sendable () -> Void) throws(GtkKitError) {
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue
            | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        guard g_spawn_async(nil, &argv, nil, flags, nil, nil, &pid, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot start \(executable)"
            g_error_free(error)
            throw .spawnFailed(message)
        }
        box = ExitBox(onExit)
        g_child_watch_add_full(G_PRIORITY_DEFAULT, pid, { pid, _, data in
            g_spawn_close_pid(pid)
            let box = Unmanaged<ExitBox>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                box.ended = true
                box.handler()
            }
        }, Unmanaged.passRetained(box).toOpaque(), { data in
            Unmanaged<ExitBox>.fromOpaque(data!).release()
        })
    }
}

/// A spawned program's end, handed through `user_data`; the main loop sets and reads it.
@MainActor
private final class ExitBox {
    let handler: @MainActor @Sendable () -> Void
    var ended = false

    init(_ handler: @escaping @MainActor @Sendable () -> Void) {
        self.handler = handler
    }
}
