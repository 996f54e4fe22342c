public import AppLockCore
public import AppLockProtocol
internal import CSecret

/// Keeps each application's passcode hash as a Secret Service item (libsecret) in the default collection:
/// schema `io.github.applock.Passcode`, attributes `app-id` and `kind`, label `AppLock passcode for <app_id>`,
/// the Argon2id encoded hash as a text/plain secret. The AppLock passcode, which apps share, is an item of the same
/// schema with attributes `shared` = `yes` and `kind` (no `app-id`), label `AppLock passcode`.
///
/// No call ever unlocks the keyring or shows a prompt: a locked keyring, a missing Secret Service or one that does
/// not answer within `timeout` is `PasscodeStoreError.unavailable`, never "no passcode". Calls block; each opens
/// its own (non-shared) connection to the Secret Service on the process's session bus
/// (`DBUS_SESSION_BUS_ADDRESS`), so a keyring that restarted is found again by the next call.
public final class SecretServicePasscodeStore: PasscodeStore, @unchecked Sendable {
    /// The Secret Service schema name.
    public static let schemaName = "io.github.applock.Passcode"

    /// The longest any one call may take.
    public let timeout: Duration
    private let schema: UnsafeMutablePointer<SecretSchema>

    /// A store whose calls give up after `timeout` (default 5 s).
    public init(timeout: Duration = .seconds(5)) {
        self.timeout = timeout
        // Attribute name → type; SECRET_SCHEMA_ATTRIBUTE_STRING is 0, i.e. a nil value.
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        g_hash_table_insert(types, g_strdup(Self.appIDKey), nil)
        g_hash_table_insert(types, g_strdup(Self.kindKey), nil)
        g_hash_table_insert(types, g_strdup(Self.sharedKey), nil)
        schema = secret_schema_newv(Self.schemaName, SECRET_SCHEMA_NONE, types)
        g_hash_table_unref(types)
    }

    deinit {
        secret_schema_unref(schema)
    }

    public func lookup(_ app: AppID) throws(PasscodeStoreError) -> StoredPasscode? {
        try lookup([Self.appIDKey: app.rawValue], named: "of \(app.rawValue)")
    }

    public func lookupShared() throws(PasscodeStoreError) -> StoredPasscode? {
        try lookup(Self.sharedAttributes, named: "AppLock passcode")
    }

    /// The passcode of the one item `attributes` find; `name` says whose it is in an error.
    private func lookup(_ attributes: [String: String], named name: String) throws(PasscodeStoreError) -> StoredPasscode? {
        try SecretServiceConnection.with(timeout: timeout) { (connection) throws(PasscodeStoreError) in
            let items = try connection.search(schema, attributes, all: true)
            guard let item = items.first else {
                if try connection.defaultCollectionLocked() {
                    throw Self.locked
                }
                return nil
            }
            guard !items.contains(where: \.locked) else {
                throw Self.locked
            }
            guard let hash = item.secret, let kind = item.attributes[Self.kindKey].flatMap(PasscodeKind.init)
            else {
                throw .unavailable("the stored passcode \(name) is unreadable")
            }
            return StoredPasscode(encodedHash: hash, kind: kind)
        }
    }

    public func store(_ passcode: StoredPasscode, for app: AppID) throws(PasscodeStoreError) {
        try store(passcode, [Self.appIDKey: app.rawValue], label: "AppLock passcode for \(app.rawValue)")
    }

    public func storeShared(_ passcode: StoredPasscode) throws(PasscodeStoreError) {
        try store(passcode, Self.sharedAttributes, label: "AppLock passcode")
    }

    /// Stores `passcode` as the item `attributes` name (with its kind), and clears the items of other kinds.
    private func store(_ passcode: StoredPasscode, _ attributes: [String: String], label: String) throws(PasscodeStoreError) {
        try SecretServiceConnection.with(timeout: timeout) { (connection) throws(PasscodeStoreError) in
            if try connection.defaultCollectionLocked() {
                throw Self.locked
            }
            let previous = try connection.search(schema, attributes, all: true)
            try connection.store(
                schema, attributes.merging([Self.kindKey: passcode.kind.rawValue]) { $1 }, label: label,
                text: passcode.encodedHash
            )
            let staleKinds = Set(previous.compactMap { $0.attributes[Self.kindKey] })
                .subtracting([passcode.kind.rawValue])
            for kind in staleKinds {
                try connection.clear(schema, attributes.merging([Self.kindKey: kind]) { $1 })
            }
        }
    }

    public func remove(_ app: AppID) throws(PasscodeStoreError) {
        try remove([Self.appIDKey: app.rawValue])
    }

    public func removeShared() throws(PasscodeStoreError) {
        try remove(Self.sharedAttributes)
    }

    private func remove(_ attributes: [String: String]) throws(PasscodeStoreError) {
        try SecretServiceConnection.with(timeout: timeout) { (connection) throws(PasscodeStoreError) in
            if try connection.defaultCollectionLocked() {
                throw Self.locked
            }
            try connection.clear(schema, attributes)
        }
    }

    public func storedApps() throws(PasscodeStoreError) -> [AppID: PasscodeKind] {
        try SecretServiceConnection.with(timeout: timeout) { (connection) throws(PasscodeStoreError) in
            let items = try connection.search(schema, [:], all: true)
            let locked = items.isEmpty ? try connection.defaultCollectionLocked() : items.contains(where: \.locked)
            if locked {
                throw Self.locked
            }
            var apps: [AppID: PasscodeKind] = [:]
            for item in items {
                guard let raw = item.attributes[Self.appIDKey], let app = try? AppID(raw),
                      let kind = item.attributes[Self.kindKey].flatMap(PasscodeKind.init)
                else {
                    continue
                }
                apps[app] = kind
            }
            return apps
        }
    }

    private static let locked = PasscodeStoreError.unavailable("the keyring is locked")
    private static let appIDKey = "app-id"
    private static let kindKey = "kind"
    private static let sharedKey = "shared"
    /// The attributes that find the AppLock passcode's item.
    private static let sharedAttributes = [sharedKey: "yes"]
}
