import AppLockClient

extension AppLockSession {
    /// Polls ``status`` until `condition` holds or `timeout` passes; returns the last status seen and whether it held.
    @discardableResult
    func waitForStatus(
        timeout: Duration = .seconds(10), _ condition: (AppLockStatus) -> Bool
    ) async -> (status: AppLockStatus, held: Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let current = status
            if condition(current) { return (current, true) }
            if clock.now >= deadline { return (current, false) }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until registered with a running agent.
    @discardableResult
    func waitUntilReady(timeout: Duration = .seconds(10)) async -> AppLockStatus {
        await waitForStatus(timeout: timeout) { $0.isAgentAvailable }.status
    }
}
