@testable import AppLockCore
import AppLockProtocol
import Testing

@Suite struct ManagerErrorTests {
    @Test func everyErrorHasADBusNameAndASentence() {
        let all: [ManagerError] = [
            .invalidArgument("x"), .alreadyRegistered, .notRegistered, .accessDenied, .unknownApplication,
            .inhibitNotAllowed, .noPasscode, .passcodeExists, .invalidPasscode("y"), .wrongPasscode(attemptsLeft: 2),
            .lockedOut(seconds: 60), .storeUnavailable("z"), .limitExceeded("w"), .attemptInProgress, .interrupted,
            .notAuthorized("v"), .systemAuthUnavailable("u"), .passcodeTampered, .policyFileBroken("t"),
            .policyChanged,
        ]
        #expect(Set(all.map(\.agentError)) == Set(AgentError.allCases))
        for e in all {
            #expect(e.agentError.dbusName == "io.github.applock.AppLock1.Error." + e.agentError.rawValue)
            #expect(AgentError(dbusName: e.agentError.dbusName) == e.agentError)
            #expect(e.message.hasSuffix("."))
        }
        #expect(AgentError(dbusName: "org.freedesktop.DBus.Error.Failed") == nil)
        #expect(AgentError(dbusName: "io.github.applock.AppLock1.Error.NoSuchThing") == nil)
        #expect(ManagerError.wrongPasscode(attemptsLeft: 2).message.contains("2 attempts left"))
        #expect(ManagerError.lockedOut(seconds: 60).message.contains("60 seconds"))
    }
}
