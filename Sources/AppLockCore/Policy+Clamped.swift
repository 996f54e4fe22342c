public import AppLockProtocol

extension Policy {
    /// This policy with the administrator's limits applied, so that a user cannot weaken them: for each key the
    /// administrator limits, the stricter value wins. `app` is the app it is for (the mandatory `Guard` list
    /// names apps).
    public func clamped(by mandatory: MandatoryPolicy, for app: AppID? = nil) -> Policy {
        var policy = self
        for key in PolicyKey.all {
            guard let limit = mandatory.limit(on: key, for: app) else { continue }
            key.set(key.strictness.stricter(key.value(in: policy), limit), in: &policy)
        }
        return policy
    }
}
