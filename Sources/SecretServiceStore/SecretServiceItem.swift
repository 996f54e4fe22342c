internal import CSecret

/// What the store reads from one Secret Service item: its lock state, attributes and (text) secret.
struct SecretServiceItem {
    /// Whether the item (its collection) is locked; then `secret` is nil.
    let locked: Bool
    /// The item's attributes.
    let attributes: [String: String]
    /// The secret as text, when it was loaded.
    let secret: String?

    /// Copies what the store needs out of a `SecretItem` (which the caller keeps owning).
    init(_ item: UnsafeMutablePointer<SecretItem>) {
        locked = secret_item_get_locked(item) != 0
        var attributes: [String: String] = [:]
        if let table = secret_item_get_attributes(item) {
            var iterator = GHashTableIter()
            g_hash_table_iter_init(&iterator, table)
            var key: gpointer?
            var value: gpointer?
            while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
                if let key, let value {
                    attributes[String(cString: key.assumingMemoryBound(to: CChar.self))] =
                        String(cString: value.assumingMemoryBound(to: CChar.self))
                }
            }
            g_hash_table_unref(table)
        }
        self.attributes = attributes
        if !locked, let value = secret_item_get_secret(item) {
            secret = secret_value_get_text(value).map { String(cString: $0) }
            secret_value_unref(UnsafeMutableRawPointer(value))
        } else {
            secret = nil
        }
    }
}
