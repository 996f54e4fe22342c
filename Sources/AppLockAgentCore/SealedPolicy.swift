public import AppLockProtocol

/// An app's authenticated policy as the agent keeps it on disk (`$XDG_STATE_HOME/applock/policies/<app_id>.conf`),
/// sealed with a key only the app's passcode yields: a person at the keyboard can edit the file, but cannot make a
/// seal that the passcode's key accepts. Pure: the key and its seals are the agent's (`SealingKey`).
///
/// On-disk format: two comment lines, then the `[Policy]` text that sets every key:
///
///     # AppLock: <app-id>'s authenticated policy, sealed with its passcode. An edit breaks the seal.
///     # seal 1 <salt, hex> <HMAC-SHA-512-256 tag of ``message(app:fingerprint:policyText:)``, hex>
///     [Policy]
///     …
///
/// A file without the seal line (or with a damaged one) is read as its policy text with no seal.
public struct SealedPolicy: Equatable, Sendable {
    /// The `[Policy]` text, exactly as sealed.
    public var policyText: String
    /// The salt of the sealing key (hex); nil when the file has no seal.
    public var salt: String?
    /// The seal (hex); nil when the file has no seal.
    public var tag: String?

    public init(policyText: String, salt: String?, tag: String?) {
        self.policyText = policyText
        self.salt = salt
        self.tag = tag
    }

    static let sealPrefix = "# seal 1 "

    /// What the seal covers: the format, the app, the fingerprint of the passcode hash it was made with (so a
    /// passcode item replaced in the keyring breaks it too) and the policy text.
    public static func message(app: AppID, fingerprint: String, policyText: String) -> String {
        "applock-authenticated-policy 1\n\(app.rawValue)\n\(fingerprint)\n\(policyText)"
    }

    /// The file's text.
    public func encoded(for app: AppID) -> String {
        var text = "# AppLock: \(app.rawValue)'s authenticated policy, sealed with its passcode. An edit breaks the seal.\n"
        if let salt, let tag { text += Self.sealPrefix + salt + " " + tag + "\n" }
        return text + policyText
    }

    /// Reads a file's text: the seal, when its line is whole, and the policy text after the comment lines.
    public static func decode(_ text: String) -> SealedPolicy {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var sealed = SealedPolicy(policyText: "", salt: nil, tag: nil)
        while let line = lines.first, line.hasPrefix("#") {
            let fields = line.dropFirst(sealPrefix.count).split(separator: " ")
            if line.hasPrefix(sealPrefix), fields.count == 2 {
                sealed.salt = String(fields[0])
                sealed.tag = String(fields[1])
            }
            lines.removeFirst()
        }
        sealed.policyText = lines.joined(separator: "\n")
        return sealed
    }
}
