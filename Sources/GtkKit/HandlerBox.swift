/// A Swift closure handed to GLib as a signal's `user_data`; released by the handler's destroy notify.
final class HandlerBox<Handler: Sendable>: Sendable {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }
}
