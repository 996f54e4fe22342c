import AppLockAgentCore
@testable import AppLockCore
import Testing

@Suite struct AuthenticatedPoliciesTests {
    let notes = appID("org.example.Notes")

    @Test func weakeningsAreHeldStrengtheningsApplyAndTheFirstPolicyIsAdopted() throws {
        var authenticated = AuthenticatedPolicies()
        let first = PolicySet(perApp: [notes: try PolicyOverrides.parse("[Policy]\nMaxFailedAttempts=5\n", fileName: "n")])
        let adopted = authenticated.hold(first, appsWithPasscode: [notes])
        #expect(adopted.changed == [notes] && adopted.held.isEmpty)

        let edited = PolicySet(perApp: [notes: try PolicyOverrides.parse(
            "[Policy]\nMaxFailedAttempts=1000\nLockoutSchedule=0\nGracePeriod=86400\nLockOnSuspend=false\nObscureInBackground=true\n",
            fileName: "n")])
        let outcome = authenticated.hold(edited, appsWithPasscode: [notes])
        #expect(outcome.held[notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts", "LockoutSchedule"])
        let applied = outcome.policies.effectivePolicy(for: notes)
        #expect(applied.maxFailedAttempts == 5 && applied.gracePeriod == Policy.defaults.gracePeriod)
        #expect(applied.lockoutSchedule == Policy.defaults.lockoutSchedule && applied.lockOnSuspend)
        #expect(applied.obscureInBackground, "a strengthening applies at once")
        #expect(outcome.changed == [notes] && authenticated.policies[notes]?.obscureInBackground == true)

        authenticated.confirm(notes, files: edited)
        let confirmed = authenticated.hold(edited, appsWithPasscode: [notes])
        #expect(confirmed.held.isEmpty)
        #expect(confirmed.policies.effectivePolicy(for: notes).maxFailedAttempts == 1000)
    }
}
