import Testing
@testable import AppLockCore

@Suite struct ManagerErrorTests {
    @Test func everyErrorHasADBusNameAndASentence() {
        let all: [ManagerError] = [
            .invalidArgument("x"), .alreadyRegistered, .notRegistered, .accessDenied, .unknownApplication,
            .inhibitNotAllowed, .noPasscode, .passcodeExists, .invalidPasscode("y"), .wrongPasscode(attemptsLeft: 2),
            .lockedOut(seconds: 60), .storeUnavailable("z"), .limitExceeded("w"), .attemptInProgress,
        ]
        let names = all.map(\.dbusName)
        #expect(Set(names).count == all.count)
        #expect(names.contains("AlreadyRegistered"))
        for e in all {
            #expect(e.fullDBusName == "io.github.applock.AppLock1.Error." + e.dbusName)
            #expect(e.message.hasSuffix("."))
        }
        #expect(ManagerError.wrongPasscode(attemptsLeft: 2).message.contains("2 attempts left"))
        #expect(ManagerError.lockedOut(seconds: 60).message.contains("60 seconds"))
    }
}
