import AppLockAgentCore
@testable import AppLockCore
import Testing

@Suite struct AuthenticatedPoliciesTests {
    let notes = appID("org.example.Notes")

    func files(_ text: String) throws -> PolicySet {
        PolicySet(perApp: [notes: try PolicyOverrides.parse("[Policy]\n" + text, fileName: "n")])
    }

    @Test func weakeningsAreHeldStrengtheningsApplyAndAConfirmedPolicyIsAuthenticated() throws {
        var authenticated = AuthenticatedPolicies()
        let first = try files("MaxFailedAttempts=3\n")
        authenticated.confirm(notes, files: first)
        let adopted = authenticated.hold(first, appsWithPasscode: [notes])
        #expect(adopted.changed.isEmpty && adopted.held.isEmpty)

        let edited = try files(
            "MaxFailedAttempts=1000\nLockoutSchedule=0\nGracePeriod=86400\nLockOnSuspend=false\nObscureInBackground=true\n")
        let outcome = authenticated.hold(edited, appsWithPasscode: [notes])
        #expect(outcome.held[notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts", "LockoutSchedule"])
        let applied = outcome.policies.effectivePolicy(for: notes)
        #expect(applied.maxFailedAttempts == 3 && applied.gracePeriod == Policy.defaults.gracePeriod)
        #expect(applied.lockoutSchedule == Policy.defaults.lockoutSchedule && applied.lockOnSuspend)
        #expect(applied.obscureInBackground, "a strengthening applies at once")
        #expect(outcome.changed == [notes] && authenticated.baselines[notes]?.policy.obscureInBackground == true)

        authenticated.confirm(notes, files: edited)
        let confirmed = authenticated.hold(edited, appsWithPasscode: [notes])
        #expect(confirmed.held.isEmpty)
        #expect(confirmed.policies.effectivePolicy(for: notes).maxFailedAttempts == 1000)
    }

    @Test func anAppWithoutAnAuthenticatedPolicyHoldsAgainstTheDefaultsUntilItsPasscodeVerifies() throws {
        var authenticated = AuthenticatedPolicies()
        let weak = try files("GracePeriod=86400\nMaxFailedAttempts=1000\n")
        let outcome = authenticated.hold(weak, appsWithPasscode: [notes])
        #expect(outcome.held[notes] == ["GracePeriod", "MaxFailedAttempts"], "nothing is adopted without the passcode")
        #expect(outcome.changed.isEmpty, "an unverified policy is never saved")
        let verified = authenticated.verify(notes, claimIsAuthentic: false)
        #expect(verified && authenticated.baselines[notes]?.policy == .defaults)
        let again = authenticated.hold(weak, appsWithPasscode: [notes])
        #expect(again.held[notes] == ["GracePeriod", "MaxFailedAttempts"])
    }

    @Test func aClaimFromDiskCountsOnlyOnceItsSealIsAuthenticAndNeverBelowTheDefaultsBefore() throws {
        let claimed = try PolicyOverrides.parse("[Policy]\nGracePeriod=600\nMaxFailedAttempts=3\n", fileName: "c")
            .applied(to: .defaults)
        let weakFiles = try files("GracePeriod=600\nMaxFailedAttempts=1000\nLockOnSuspend=false\n")

        var forged = AuthenticatedPolicies()
        forged.restore(notes, claiming: claimed)
        let before = forged.hold(weakFiles, appsWithPasscode: [notes])
        #expect(before.held[notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts"],
                "unverified: the stricter of the claim and the defaults")
        #expect(before.policies.effectivePolicy(for: notes).maxFailedAttempts == 3)
        let forgedVerified = forged.verify(notes, claimIsAuthentic: false)
        let forgedAfter = forged.hold(weakFiles, appsWithPasscode: [notes])
        #expect(forgedVerified && forgedAfter.held[notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts"],
                "a claim that is not authentic leaves the stricter policy in force")

        var genuine = AuthenticatedPolicies()
        genuine.restore(notes, claiming: claimed)
        _ = genuine.hold(try files("GracePeriod=600\nMaxFailedAttempts=2\n"), appsWithPasscode: [notes])
        _ = genuine.hold(weakFiles, appsWithPasscode: [notes])
        let genuineVerified = genuine.verify(notes, claimIsAuthentic: true)
        let verifiedAgain = genuine.verify(notes, claimIsAuthentic: false)
        #expect(genuineVerified && !verifiedAgain, "verified once per run")
        let after = genuine.hold(weakFiles, appsWithPasscode: [notes])
        #expect(after.held[notes] == ["LockOnSuspend", "MaxFailedAttempts"], "the authentic claim's GracePeriod applies")
        #expect(after.policies.effectivePolicy(for: notes).maxFailedAttempts == 2,
                "raised by the strengthening seen while it was unverified")
    }
}
