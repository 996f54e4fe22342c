import CDBus

/// The one place that turns a C `DBusError` into a Swift ``DBusError``; the C error is always freed.
enum CErrorScope {
    /// Runs `body` with an initialised C error; returns the body's result and the error if one was set.
    static func run<T>(_ body: (UnsafeMutablePointer<CDBus.DBusError>) -> T) -> (T, DBusError?) {
        var cError = CDBus.DBusError()
        dbus_error_init(&cError)
        defer { dbus_error_free(&cError) }
        let result = body(&cError)
        guard dbus_error_is_set(&cError) != 0 else { return (result, nil) }
        let name = cError.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
        let message = cError.message.map { String(cString: $0) } ?? ""
        return (result, DBusError(name: name, message: message))
    }
}
