extension Policy {
    /// The `[Policy]` file text that sets every key of this policy that a user's file can set; read back with
    /// `PolicyOverrides.parse(_:fileName:)` and applied to the defaults, it gives this policy.
    public var policyFileText: String {
        var text = "[\(PolicyOverrides.groupName)]\n"
        for (key, value) in entries where key != "LockoutBlocksSystemAuthentication" {
            let written: String? = switch value {
            case .bool(let b): b ? "true" : "false"
            case .uint32(let n): String(n)
            case .string(let s): s
            case .stringArray(let items): items.isEmpty ? nil : items.joined(separator: ",")
            case .uint32Array(let items): items.isEmpty ? nil : items.map(String.init).joined(separator: ",")
            }
            if let written { text += "\(key)=\(written)\n" }
        }
        return text
    }
}
