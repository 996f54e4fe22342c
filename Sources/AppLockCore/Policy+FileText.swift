extension Policy {
    /// The `[Policy]` file text that sets every key of this policy that a user's file can set; read back with
    /// `PolicyOverrides.parse(_:fileName:)` and applied to the defaults, it gives this policy.
    public var policyFileText: String {
        var text = "[\(PolicyOverrides.groupName)]\n"
        for key in PolicyKey.all where key.userSettable {
            let value = key.value(in: self)
            if !value.isEmptyList { text += "\(key.name)=\(value.keyFileText)\n" }
        }
        return text
    }
}
