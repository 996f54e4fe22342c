import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct PasscodeAdmissionsTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func perAppBoundRefusesTheNextCallUntilOneIsReleased() throws {
        var admissions = PasscodeAdmissions(perApp: 2, perCaller: 10, total: 10)
        try admissions.admit(notes, caller: ":1.1")
        try admissions.admit(notes, caller: ":1.2")
        #expect(throws: ManagerError.limitExceeded("at most 2 passcode calls may wait for one application")) {
            try admissions.admit(notes, caller: ":1.3")
        }
        try admissions.admit(mail, caller: ":1.3")
        admissions.release(notes, caller: ":1.1")
        try admissions.admit(notes, caller: ":1.3")
        #expect(admissions.admitted(for: notes) == 2)
        #expect(admissions.admitted == 3)
    }

    @Test func perCallerAndTotalBounds() throws {
        var admissions = PasscodeAdmissions(perApp: 10, perCaller: 2, total: 3)
        try admissions.admit(notes, caller: ":1.1")
        try admissions.admit(mail, caller: ":1.1")
        #expect(throws: ManagerError.limitExceeded("at most 2 passcode calls may wait from one connection")) {
            try admissions.admit(notes, caller: ":1.1")
        }
        try admissions.admit(notes, caller: ":1.2")
        #expect(throws: ManagerError.limitExceeded("at most 3 passcode calls may wait in all")) {
            try admissions.admit(mail, caller: ":1.3")
        }
        #expect(admissions.admitted(from: ":1.1") == 2)
    }

    @Test func releasingEverythingForgetsEveryCount() throws {
        var admissions = PasscodeAdmissions()
        for index in 0..<Limits.maxPasscodeCallsPerApp { try admissions.admit(notes, caller: ":1.\(index)") }
        for index in 0..<Limits.maxPasscodeCallsPerApp { admissions.release(notes, caller: ":1.\(index)") }
        admissions.release(notes, caller: ":1.0")
        #expect(admissions.admitted == 0)
        #expect(admissions.admitted(for: notes) == 0)
        #expect(admissions.admitted(from: ":1.0") == 0)
    }
}
