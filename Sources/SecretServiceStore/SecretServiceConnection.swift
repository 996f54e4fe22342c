internal import AppLockCore
internal import CSecret

/// One operation's connection to the Secret Service: a fresh, non-shared `SecretService` proxy and a deadline
/// that cancels every call once the operation has taken longer than allowed.
///
/// A fresh proxy per operation means a keyring daemon that restarted (and forgot our encryption session)
/// is picked up by the next call.
final class SecretServiceConnection {
    private let service: UnsafeMutablePointer<SecretService>
    private let deadline: CallDeadline

    /// Runs `body` with a connection, and turns a cancellation by the deadline into a timeout error.
    static func with<Value>(
        timeout: Duration,
        _ body: (SecretServiceConnection) throws(PasscodeStoreError) -> Value
    ) throws(PasscodeStoreError) -> Value {
        let deadline = CallDeadline(timeout: timeout)
        let outcome: Result<Value, PasscodeStoreError>
        do throws(PasscodeStoreError) {
            outcome = .success(try body(try SecretServiceConnection(deadline: deadline)))
        } catch {
            outcome = .failure(error)
        }
        if deadline.finish() {
            throw .unavailable("the Secret Service did not answer within \(Self.describe(timeout))")
        }
        return try outcome.get()
    }

    private init(deadline: CallDeadline) throws(PasscodeStoreError) {
        self.deadline = deadline
        var error: UnsafeMutablePointer<GError>?
        guard let service = secret_service_open_sync(
            secret_service_get_type(), nil, SECRET_SERVICE_NONE, deadline.cancellable, &error)
        else {
            throw Self.convert(error)
        }
        self.service = service
    }

    deinit {
        g_object_unref(service)
    }

    /// Items of `schema` matching `attributes`, with their secrets loaded (first match only unless `all`).
    /// Never unlocks anything and so never prompts.
    func search(
        _ schema: UnsafePointer<SecretSchema>,
        _ attributes: [String: String],
        all: Bool
    ) throws(PasscodeStoreError) -> [SecretServiceItem] {
        let table = Self.attributeTable(attributes)
        defer { g_hash_table_unref(table) }
        var flags = SECRET_SEARCH_LOAD_SECRETS.rawValue
        if all {
            flags |= SECRET_SEARCH_ALL.rawValue
        }
        var error: UnsafeMutablePointer<GError>?
        let list = secret_service_search_sync(
            service, schema, table, SecretSearchFlags(rawValue: flags), deadline.cancellable, &error)
        if let error {
            g_list_free_full(list, g_object_unref)
            throw Self.convert(error)
        }
        defer { g_list_free_full(list, g_object_unref) }
        var items: [SecretServiceItem] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                items.append(SecretServiceItem(data.assumingMemoryBound(to: SecretItem.self)))
            }
            node = current.pointee.next
        }
        return items
    }

    /// Whether the default collection is locked; throws when there is none.
    func defaultCollectionLocked() throws(PasscodeStoreError) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let collection = secret_collection_for_alias_sync(
            service, "default", SECRET_COLLECTION_NONE, deadline.cancellable, &error)
        else {
            if error != nil {
                throw Self.convert(error)
            }
            throw .unavailable("the Secret Service has no default keyring")
        }
        defer { g_object_unref(collection) }
        return secret_collection_get_locked(collection) != 0
    }

    /// Stores `text` (content type text/plain) in the default collection, replacing an item with the same
    /// attributes.
    func store(
        _ schema: UnsafePointer<SecretSchema>,
        _ attributes: [String: String],
        label: String,
        text: String
    ) throws(PasscodeStoreError) {
        let table = Self.attributeTable(attributes)
        defer { g_hash_table_unref(table) }
        let value = secret_value_new(text, -1, "text/plain")
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        var error: UnsafeMutablePointer<GError>?
        let stored = secret_service_store_sync(
            service, schema, table, "/org/freedesktop/secrets/aliases/default", label, value,
            deadline.cancellable, &error)
        if stored == 0 {
            throw Self.convert(error)
        }
    }

    /// Deletes every item of `schema` matching `attributes`; no error when there is none.
    func clear(_ schema: UnsafePointer<SecretSchema>, _ attributes: [String: String]) throws(PasscodeStoreError) {
        let table = Self.attributeTable(attributes)
        defer { g_hash_table_unref(table) }
        var error: UnsafeMutablePointer<GError>?
        let cleared = secret_service_clear_sync(service, schema, table, deadline.cancellable, &error)
        if cleared == 0, error != nil {
            throw Self.convert(error)
        }
    }

    /// A `GHashTable` of `g_strdup`'d strings, as libsecret's `…v` functions take attributes.
    static func attributeTable(_ attributes: [String: String]) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        for (key, value) in attributes {
            g_hash_table_insert(table, g_strdup(key), g_strdup(value))
        }
        return table
    }

    /// Turns a `GError` into a store error and frees it (the one place GErrors end up).
    static func convert(_ error: UnsafeMutablePointer<GError>?) -> PasscodeStoreError {
        guard let error else {
            return .unavailable("the Secret Service failed without saying why")
        }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return .unavailable("the Secret Service is unavailable: \(message)")
    }

    /// "5 s", "0.5 s".
    static func describe(_ timeout: Duration) -> String {
        let (seconds, attoseconds) = timeout.components
        if attoseconds == 0 {
            return "\(seconds) s"
        }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(Double(milliseconds) / 1000) s"
    }
}
