import AppLockClient
import AppLockCore

/// What the lock window reads of an app's properties beyond the client's own accessors.
extension AppProperties {
    /// The policy's `AllowSystemAuthentication` (true when the agent does not say).
    var allowsSystemAuthentication: Bool {
        if case .bool(let allowed)? = policy[PolicyKey.allowSystemAuthentication.name] { return allowed }
        return true
    }

    /// The policy's `PasscodeKinds` in the order of ``PasscodeKind/allCases``; every kind when the agent does not say.
    var allowedKinds: [PasscodeKind] {
        guard case .stringArray(let names)? = policy[PolicyKey.passcodeKinds.name] else { return PasscodeKind.allCases }
        return PasscodeKind.allCases.filter { names.contains($0.rawValue) }
    }
}
