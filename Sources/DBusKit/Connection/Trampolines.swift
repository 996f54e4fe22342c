import CDBus

// Every C callback libdbus calls into DBusKit. `data` is an unretained `Connection` unless noted.

private func connection(_ data: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
}

func filterTrampoline(
    _ raw: OpaquePointer?, _ message: OpaquePointer?, _ data: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    guard let message else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    return connection(data).filter(message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}

func addWatchTrampoline(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let watch else { return 0 }
    connection(data).addWatch(watch)
    return 1
}

func removeWatchTrampoline(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let watch else { return }
    connection(data).removeWatch(watch)
}

func toggleWatchTrampoline(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let watch else { return }
    connection(data).toggleWatch(watch)
}

func addTimeoutTrampoline(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let timeout else { return 0 }
    connection(data).addTimeout(timeout)
    return 1
}

func removeTimeoutTrampoline(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let timeout else { return }
    connection(data).removeTimeout(timeout)
}

func toggleTimeoutTrampoline(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let timeout else { return }
    connection(data).toggleTimeout(timeout)
}

func wakeUpTrampoline(_ data: UnsafeMutableRawPointer?) {
    connection(data).wakeUpLoop()
}

func dispatchStatusTrampoline(_ raw: OpaquePointer?, _ status: DBusDispatchStatus, _ data: UnsafeMutableRawPointer?) {
    if status == DBUS_DISPATCH_DATA_REMAINS { connection(data).scheduleDispatch() }
}

/// `data` is a retained `PendingReply`, released by `releaseObjectTrampoline`. Drops the caller's reference to
/// `pending` (libdbus holds its own while completing).
func pendingCallNotifyTrampoline(_ pending: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let pending, let data else { return }
    let box = Unmanaged<PendingReply>.fromOpaque(data).takeUnretainedValue()
    let result: Result<Message, DBusError>
    if let reply = dbus_pending_call_steal_reply(pending) {
        let message = Message(adopting: reply)
        if let error = message.error { result = .failure(error) } else { result = .success(message) }
    } else {
        result = .failure(.noReply)
    }
    box.completion(result)
    dbus_pending_call_unref(pending)
}

/// Releases an object retained with `Unmanaged.passRetained` for libdbus (`DBusFreeFunction`).
func releaseObjectTrampoline(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
