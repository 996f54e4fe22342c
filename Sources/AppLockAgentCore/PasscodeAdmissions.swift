public import AppLockCore
public import AppLockProtocol

/// The passcode calls the agent has taken on (waiting for their app's turn or being verified), counted per app, per
/// caller and in all. A call beyond a bound is refused with `LimitExceeded` before the agent takes any secret memory
/// or worker time for it, so that calls sent faster than Argon2id can verify them cost nothing but their answer.
public struct PasscodeAdmissions: Sendable {
    public let perApp: Int
    public let perCaller: Int
    public let total: Int
    private var byApp: [AppID: Int] = [:]
    private var byCaller: [String: Int] = [:]
    /// Calls admitted and not yet released.
    public private(set) var admitted = 0

    public init(
        perApp: Int = Limits.maxPasscodeCallsPerApp, perCaller: Int = Limits.maxPasscodeCallsPerConnection,
        total: Int = Limits.maxPasscodeCallsWaiting
    ) {
        self.perApp = perApp
        self.perCaller = perCaller
        self.total = total
    }

    /// Takes on one call of `caller` for `app`, or throws `limitExceeded` saying which bound it met (nothing changes).
    public mutating func admit(_ app: AppID, caller: String) throws(ManagerError) {
        if byApp[app, default: 0] >= perApp {
            throw .limitExceeded("at most \(perApp) passcode calls may wait for one application")
        }
        if byCaller[caller, default: 0] >= perCaller {
            throw .limitExceeded("at most \(perCaller) passcode calls may wait from one connection")
        }
        if admitted >= total {
            throw .limitExceeded("at most \(total) passcode calls may wait in all")
        }
        byApp[app, default: 0] += 1
        byCaller[caller, default: 0] += 1
        admitted += 1
    }

    /// Ends one admitted call (answered); counts that reach zero are forgotten.
    public mutating func release(_ app: AppID, caller: String) {
        guard let forApp = byApp[app], let forCaller = byCaller[caller], admitted > 0 else { return }
        byApp[app] = forApp > 1 ? forApp - 1 : nil
        byCaller[caller] = forCaller > 1 ? forCaller - 1 : nil
        admitted -= 1
    }

    /// Calls admitted for `app`.
    public func admitted(for app: AppID) -> Int { byApp[app] ?? 0 }

    /// Calls admitted from `caller`.
    public func admitted(from caller: String) -> Int { byCaller[caller] ?? 0 }
}
