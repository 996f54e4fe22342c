import Glibc
import SystemKit
import WaylandKit

/// A wlr-foreign-toplevel-management client of the bench's own (``WlrDesktop``) that notes when the compositor
/// reports a toplevel with the given app id minimised or back: the compositor's next frame no longer draws it.
final class WlrMinimizeListener: WindowHideObserver {
    private let desktop: WlrDesktop
    private let appID: String
    private var received: UInt64 = 0
    private var minimized: [UInt32: Bool] = [:]
    private var change: (at: UInt64, hidden: Bool)?

    /// Connects to the compositor at `display` (an absolute socket path) and follows its toplevels.
    init(display: String, appID: String) throws {
        desktop = try WlrDesktop(display: display)
        self.appID = appID
        desktop.onEvent = { [unowned self] event in
            guard case .changed(let id, let toplevel) = event, toplevel.appID == self.appID else { return }
            if minimized[id] != toplevel.minimized { change = (received, toplevel.minimized) }
            minimized[id] = toplevel.minimized
        }
        try desktop.startFollowingToplevels()
    }

    func reset() { change = nil }

    /// When the compositor next said the app's toplevel is minimised (`hidden`) or back, or nil after `timeout`.
    func waitUntilWindow(hidden: Bool, timeout: Double) -> UInt64? {
        let deadline = EventLoop.bootTimeNanoseconds() + UInt64(timeout * 1e9)
        while change?.hidden != hidden {
            let now = EventLoop.bootTimeNanoseconds()
            guard now < deadline else { return nil }
            var descriptor = pollfd(fd: desktop.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1))) > 0 else { continue }
            received = EventLoop.bootTimeNanoseconds()
            guard (try? desktop.dispatch()) != nil else { return nil }
        }
        return change?.at
    }
}
