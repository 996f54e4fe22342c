import AppLockCore
import AppLockDesktop
import Testing

/// The sentence told once at the unlock after failed attempts: the app's name, the count, a few times, "and N more".
@Suite struct MissedAttemptNoticeTests {
    static func record(count: UInt32, minutes: [UInt64]) -> MissedAttemptLog.Record {
        MissedAttemptLog.Record(count: count, attempts: minutes.map {
            MissedAttempt(time: $0 * 60_000_000, method: .passcode, outcome: .wrongPasscode)
        })
    }

    /// Minutes since the epoch as `14:MM`, standing in for the local clock.
    static func clock(_ time: UnixMicroseconds) -> String {
        let minute = time / 60_000_000
        return "14:" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    @Test func oneTwoAndManyAttempts() {
        #expect(MissedAttemptNotice.sentence(Self.record(count: 1, minutes: [2]), appName: "Notes", timeOfDay: Self.clock)
            == "1 failed attempt since you last unlocked Notes — 14:02")
        #expect(MissedAttemptNotice.sentence(Self.record(count: 2, minutes: [2, 3]), appName: "Notes", timeOfDay: Self.clock)
            == "2 failed attempts since you last unlocked Notes — 14:02, 14:03")
        #expect(MissedAttemptNotice.sentence(Self.record(count: 5, minutes: [2, 3, 5, 8, 9]), appName: "Notes", timeOfDay: Self.clock)
            == "5 failed attempts since you last unlocked Notes — 14:02, 14:03, 14:05 and 2 more")
    }

    @Test("attempts counted past the details kept are counted in \"and N more\"")
    func countBeyondTheDetailsKept() {
        #expect(MissedAttemptNotice.sentence(Self.record(count: 40, minutes: [10, 11, 12, 13]), appName: "Mail", timeOfDay: Self.clock)
            == "40 failed attempts since you last unlocked Mail — 14:10, 14:11, 14:12 and 37 more")
    }

    @Test func localTimeIsHoursAndMinutes() {
        let time = MissedAttemptNotice.localTimeOfDay(1_700_000_000_000_000)
        #expect(time.count == 5 && time.split(separator: ":").count == 2, "\(time)")
    }

    @Test func theNotificationCarriesTheSentence() {
        let notification = MissedAttemptNotice.notification(Self.record(count: 2, minutes: [2, 3]), appName: "Notes")
        #expect(notification.summary.hasPrefix("2 failed attempts since you last unlocked Notes — "))
        #expect(notification.urgency == .normal)
    }
}
