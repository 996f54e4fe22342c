import CWaylandProtocols
import Glibc

/// A wlroots-style compositor as a Wayland client sees it through two of the wlroots protocols:
/// `zwlr_foreign_toplevel_manager_v1` lists every toplevel (its app id, title, and whether it is activated or
/// minimised) and lets a client minimise, restore and activate it; `zwlr_layer_shell_v1` gives the overlay, opaque
/// surfaces above every window on every output. Only the versions the compositor offers are bound. One thread.
public final class WlrDesktop {
    /// One toplevel as the compositor last described it (at its `done` event).
    public struct Toplevel: Sendable, Equatable {
        public var appID = ""
        public var title = ""
        public var activated = false
        public var minimized = false
    }

    /// What the compositor reported: a toplevel new or changed (`done`), or gone.
    public enum Event: Sendable, Equatable {
        case changed(UInt32, Toplevel)
        case closed(UInt32)
    }

    public static let toplevelManagerInterface = "zwlr_foreign_toplevel_manager_v1"
    public static let layerShellInterface = "zwlr_layer_shell_v1"
    /// The highest versions this client speaks.
    private static let spoken: [String: UInt32] = [
        "wl_compositor": 4, "wl_shm": 1, "wl_seat": 1, "wl_output": 1, toplevelManagerInterface: 3, layerShellInterface: 4,
    ]

    private struct Overlay {
        var output: OpaquePointer?
        var surface: OpaquePointer
        var layerSurface: OpaquePointer
        var buffer: OpaquePointer?
    }

    private let display: OpaquePointer
    private var registry: OpaquePointer?
    /// Every global the compositor offers: interface name and version.
    public private(set) var offered: [String: UInt32] = [:]
    private var bound: [String: OpaquePointer] = [:]
    private var outputs: [UInt32: OpaquePointer] = [:]
    private var handles: [UInt32: OpaquePointer] = [:]
    private var ids: [OpaquePointer: UInt32] = [:]
    private var described: [UInt32: Toplevel] = [:]
    private var nextID: UInt32 = 1
    private var overlays: [Overlay] = []
    private var managerFinished = false
    /// Called for every toplevel change, during `connect` and `dispatch`.
    public var onEvent: ((Event) -> Void)?

    /// Connects to the compositor at `display` (a socket name or an absolute path; `$WAYLAND_DISPLAY` when nil),
    /// reads its globals and binds those the guard uses.
    public init(display name: String? = nil) throws {
        guard let display = wl_display_connect(name) else { throw WaylandError("cannot connect to the Wayland compositor") }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0 else {
            wl_display_disconnect(display)
            throw WaylandError("the compositor closed the connection")
        }
    }

    deinit {
        for overlay in overlays { destroy(overlay) }
        for handle in handles.values { zwlr_foreign_toplevel_handle_v1_destroy(handle) }
        wl_display_disconnect(display)
    }

    /// Whether both wlroots protocols the guard needs are offered.
    public var offersGuardProtocols: Bool {
        offered[Self.toplevelManagerInterface] != nil && offered[Self.layerShellInterface] != nil
    }

    /// Starts following the toplevels: the ones there already are reported before this returns.
    public func startFollowingToplevels() throws {
        guard let manager = bound[Self.toplevelManagerInterface] else {
            throw WaylandError("the compositor offers no \(Self.toplevelManagerInterface)")
        }
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, Self.managerListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0 else { throw WaylandError("the compositor closed the connection") }
    }

    /// The connection's descriptor, readable when the compositor has sent something.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Reads and handles what the compositor sent; throws when the connection is gone.
    public func dispatch() throws {
        guard wl_display_dispatch(display) >= 0, !managerFinished else {
            throw WaylandError("the compositor has gone (\(String(cString: strerror(wl_display_get_error(display)))))")
        }
        flush()
    }

    /// Sends the requests made so far.
    public func flush() { _ = wl_display_flush(display) }

    /// Minimises (`true`) or restores the toplevel `id`.
    public func setMinimized(_ id: UInt32, _ minimized: Bool) {
        guard let handle = handles[id] else { return }
        if minimized { zwlr_foreign_toplevel_handle_v1_set_minimized(handle) } else {
            zwlr_foreign_toplevel_handle_v1_unset_minimized(handle)
        }
        flush()
    }

    /// Activates the toplevel `id` (raises it and gives it the keyboard) for the first seat.
    public func activate(_ id: UInt32) {
        guard let handle = handles[id], let seat = bound["wl_seat"] else { return }
        zwlr_foreign_toplevel_handle_v1_activate(handle, seat)
        flush()
    }

    /// Whether the overlay is up: an opaque layer-shell surface over each whole output, on the overlay layer, that
    /// takes the keyboard and the pointer.
    public var overlayShown: Bool { !overlays.isEmpty }

    /// Puts the overlay up on every output (and on each output that comes while it is up), or takes it down.
    public func showOverlay(_ shown: Bool) {
        if !shown {
            for overlay in overlays { destroy(overlay) }
            overlays.removeAll()
        } else if overlays.isEmpty {
            let targets: [OpaquePointer?] = outputs.isEmpty ? [nil] : outputs.keys.sorted().map { outputs[$0] }
            for output in targets { addOverlay(on: output) }
        }
        flush()
    }

    /// An overlay surface on `output` (the compositor's choice when nil), configured when the compositor says its size.
    private func addOverlay(on output: OpaquePointer?) {
        guard let layerShell = bound[Self.layerShellInterface], let compositor = bound["wl_compositor"],
              let surface = wl_compositor_create_surface(compositor) else { return }
        guard let layerSurface = zwlr_layer_shell_v1_get_layer_surface(
            layerShell, surface, output, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "applock-guard")
        else {
            wl_surface_destroy(surface)
            return
        }
        zwlr_layer_surface_v1_add_listener(layerSurface, Self.layerSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        let edges = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, edges)
        zwlr_layer_surface_v1_set_size(layerSurface, 0, 0)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 1)
        wl_surface_commit(surface)
        overlays.append(Overlay(output: output, surface: surface, layerSurface: layerSurface))
    }

    /// Gives the keyboard back and unmaps the overlay before destroying it: labwc 0.8 kept the keyboard on a layer
    /// surface destroyed while mapped, and refused to activate any window after it.
    private func destroy(_ overlay: Overlay) {
        zwlr_layer_surface_v1_set_keyboard_interactivity(overlay.layerSurface, 0)
        wl_surface_attach(overlay.surface, nil, 0, 0)
        wl_surface_commit(overlay.surface)
        zwlr_layer_surface_v1_destroy(overlay.layerSurface)
        wl_surface_destroy(overlay.surface)
        if let buffer = overlay.buffer { wl_buffer_destroy(buffer) }
    }

    // MARK: Events

    private static func desktop(_ data: UnsafeMutableRawPointer?) -> WlrDesktop {
        Unmanaged<WlrDesktop>.fromOpaque(data!).takeUnretainedValue()
    }

    private func globalAdded(name: UInt32, interface: String, version: UInt32) {
        offered[interface] = max(offered[interface] ?? 0, version)
        guard let spoken = Self.spoken[interface], interface == "wl_output" || bound[interface] == nil,
              let definition = applock_interface_named(interface),
              let proxy = wl_registry_bind(registry, name, definition, min(spoken, version)) else { return }
        if interface != "wl_output" {
            bound[interface] = OpaquePointer(proxy)
        } else {
            outputs[name] = OpaquePointer(proxy)
            if overlayShown {
                addOverlay(on: OpaquePointer(proxy))
                flush()
            }
        }
    }

    private func globalRemoved(name: UInt32) {
        guard let output = outputs.removeValue(forKey: name) else { return }
        for overlay in overlays where overlay.output == output { destroy(overlay) }
        overlays.removeAll { $0.output == output }
        wl_output_destroy(output)
    }

    private func toplevelAdded(_ handle: OpaquePointer) {
        let id = nextID
        nextID += 1
        handles[id] = handle
        ids[handle] = id
        described[id] = Toplevel()
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, Self.handleListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private func update(_ handle: OpaquePointer?, _ change: (inout Toplevel) -> Void) {
        guard let handle, let id = ids[handle] else { return }
        change(&described[id, default: Toplevel()])
    }

    private func toplevelDone(_ handle: OpaquePointer?) {
        guard let handle, let id = ids[handle], let toplevel = described[id] else { return }
        onEvent?(.changed(id, toplevel))
    }

    private func toplevelClosed(_ handle: OpaquePointer?) {
        guard let handle, let id = ids.removeValue(forKey: handle) else { return }
        handles[id] = nil
        described[id] = nil
        zwlr_foreign_toplevel_handle_v1_destroy(handle)
        onEvent?(.closed(id))
    }

    private func configured(_ layerSurface: OpaquePointer?, serial: UInt32, width: UInt32, height: UInt32) {
        guard let index = overlays.firstIndex(where: { $0.layerSurface == layerSurface }) else { return }
        zwlr_layer_surface_v1_ack_configure(overlays[index].layerSurface, serial)
        if overlays[index].buffer == nil, let buffer = blackBuffer(width: Int32(max(width, 1)), height: Int32(max(height, 1))) {
            overlays[index].buffer = buffer
            wl_surface_attach(overlays[index].surface, buffer, 0, 0)
            wl_surface_damage(overlays[index].surface, 0, 0, Int32.max, Int32.max)
        }
        wl_surface_commit(overlays[index].surface)
        flush()
    }

    private func overlayClosed(_ layerSurface: OpaquePointer?) {
        guard let index = overlays.firstIndex(where: { $0.layerSurface == layerSurface }) else { return }
        destroy(overlays.remove(at: index))
    }

    /// An opaque black buffer: a new file in `$XDG_RUNTIME_DIR` (removed at once) is all zeros, which XRGB8888
    /// (every compositor's format) draws black.
    private func blackBuffer(width: Int32, height: Int32) -> OpaquePointer? {
        guard let shm = bound["wl_shm"] else { return nil }
        let stride = width * 4
        let size = stride * height
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(runtime)/applock-overlay-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return nil }
        unlink(template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0, let pool = wl_shm_create_pool(shm, fd, size) else { return nil }
        defer { wl_shm_pool_destroy(pool) }
        return wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888.rawValue)
    }

    // MARK: Listeners (allocated once, never freed: libwayland keeps their addresses)

    private nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                desktop(data).globalAdded(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in desktop(data).globalRemoved(name: name) }))
        return listener
    }()

    private nonisolated(unsafe) static let managerListener: UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_foreign_toplevel_manager_v1_listener(
            toplevel: { data, _, handle in if let handle { desktop(data).toplevelAdded(handle) } },
            finished: { data, _ in desktop(data).managerFinished = true }))
        return listener
    }()

    private nonisolated(unsafe) static let handleListener: UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_foreign_toplevel_handle_v1_listener(
            title: { data, handle, title in
                desktop(data).update(handle) { $0.title = title.map { String(cString: $0) } ?? "" }
            },
            app_id: { data, handle, appID in
                desktop(data).update(handle) { $0.appID = appID.map { String(cString: $0) } ?? "" }
            },
            output_enter: { _, _, _ in },
            output_leave: { _, _, _ in },
            state: { data, handle, array in
                var states: [UInt32] = []
                if let array, let base = array.pointee.data {
                    let count = array.pointee.size / MemoryLayout<UInt32>.size
                    states = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
                }
                desktop(data).update(handle) {
                    $0.activated = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue)
                    $0.minimized = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED.rawValue)
                }
            },
            done: { data, handle in desktop(data).toplevelDone(handle) },
            closed: { data, handle in desktop(data).toplevelClosed(handle) },
            parent: { _, _, _ in }))
        return listener
    }()

    private nonisolated(unsafe) static let layerSurfaceListener: UnsafeMutablePointer<zwlr_layer_surface_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, layerSurface, serial, width, height in
                desktop(data).configured(layerSurface, serial: serial, width: width, height: height)
            },
            closed: { data, layerSurface in desktop(data).overlayClosed(layerSurface) }))
        return listener
    }()
}

/// A Wayland connection that failed or could not do what was asked.
public struct WaylandError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

@available(*, unavailable) extension WlrDesktop: Sendable {}
