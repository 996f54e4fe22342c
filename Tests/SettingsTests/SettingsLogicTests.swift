import AppLockClient
import AppLockCore
import AppLockProtocol
import Testing
@testable import applock_settings

/// The pure parts of AppLock Settings: how a key reads, is written and is limited, and what an app's row says.
@Suite("Settings logic")
struct SettingsLogicTests {
    @Test func keysAreShownInTheirUnitsAndWrittenInSeconds() {
        var policy = Policy.defaults
        policy.lockAfterIdle = 600
        #expect(SettingKey.lockAfterIdle.shown(in: policy) == .number(600), "a duration's row holds seconds")
        #expect(SettingKey.lockAfterIdle.fileText(for: .number(900)) == "900")
        #expect(DurationField.text(600) == "10 minutes" && DurationField.text(3600) == "1 hour" && DurationField.text(90) == "90 seconds")
        #expect(SettingKey.gracePeriod.fileText(for: .number(30)) == "30")
        #expect(SettingKey.lockOnSuspend.fileText(for: .toggle(false)) == "false")
        #expect(SettingKey.lockoutSchedule.fileText(for: .list([60, 300])) == "60,300")
        #expect(SettingKey.backgroundWhen.shown(in: policy) == .toggle(false), "minimised by default")
        #expect(SettingKey.backgroundWhen.fileText(for: .toggle(true)) == "unfocused")
        #expect(SettingKey.backgroundWhen.fileText(for: .toggle(false)) == "minimised")
        #expect(ScheduleEditor.withStepAdded([60, 300]) == [60, 300, 600], "a new lock-out doubles the last")
        #expect(ScheduleEditor.withStepAdded([]) == [60])
        #expect(ScheduleEditor.withStepAdded([86_400]) == [86_400, 86_400], "no longer than a day")
    }

    @Test func screenSharingIsAChoiceOfItsThreeValues() {
        var policy = Policy.defaults
        #expect(SettingKey.lockOnScreenShare.shown(in: policy) == .choice(1), "obscure by default")
        policy.lockOnScreenShare = .lock
        #expect(SettingKey.lockOnScreenShare.shown(in: policy) == .choice(2))
        #expect((0..<3).map { SettingKey.lockOnScreenShare.fileText(for: .choice($0)) } == ["off", "obscure", "lock"])
        #expect(SettingKey.lockOnScreenShare.limit(by: MandatoryPolicy { $0.lockOnScreenShare = .lock }) == .fixed)
        #expect(SettingKey.lockOnScreenShare.limit(by: MandatoryPolicy { $0.lockOnScreenShare = .obscure }) == nil)
    }

    @MainActor @Test func recentLocksNamesTheScreenShareReason() {
        #expect(RecentLocksPage.reason(.screenShare) == "Screen shared")
    }

    @Test func theAdministratorsKeysLimitTheirRows() {
        let mandatory = MandatoryPolicy {
            $0.gracePeriod = 120
            $0.lockAfterIdle = 600
            $0.lockOnSessionLock = true
            $0.allowSystemAuthentication = false
        }
        #expect(SettingKey.lockOnSessionLock.limit(by: mandatory) == .fixed)
        #expect(SettingKey.lockOnSuspend.limit(by: mandatory) == nil)
        #expect(SettingKey.gracePeriod.limit(by: mandatory) == .maximum(120))
        #expect(SettingKey.lockAfterIdle.limit(by: mandatory) == .maximum(600))
        #expect(AdministratorLimit.maximum(600).explanation(duration: true) == "Set by your administrator: at most 10 minutes")
        #expect(SettingKey.allowSystemAuthentication.limit(by: mandatory) == .fixed)
        #expect(SettingKey.backgroundWhen.limit(by: mandatory) == nil)
        #expect(SettingKey.backgroundWhen.limit(by: MandatoryPolicy { $0.backgroundWhen = .unfocused }) == .fixed)
        #expect(SettingKey.backgroundWhen.limit(by: MandatoryPolicy { $0.backgroundWhen = .minimised }) == nil)
        #expect(SettingKey.hideNotifications.limit(by: MandatoryPolicy { $0.hideNotifications = true }) == .fixed)
        #expect(SettingKey.hideNotifications.limit(by: MandatoryPolicy { $0.hideNotifications = false }) == nil)
        #expect(AdministratorLimit.fixed.explanation == "Set by your administrator")
    }

    @Test func anAppsRowSaysWhatProtectsItAndItsStateNow() throws {
        var properties = AppProperties(appID: try AppID("org.example.Notes"))
        properties.hasPasscode = true
        properties.state = .locked
        #expect(AppStatus(guarded: true, guardRequired: false, properties: properties).summary(now: 0)
            == "Protected · Passcode set · Locked")
        properties.retryAfter = 125_000_000
        #expect(AppStatus(guarded: false, guardRequired: false, properties: properties).summary(now: 0)
            == "Passcode set · Locked out for 2:05")
        #expect(AppStatus(guarded: true, guardRequired: true, properties: nil).summary(now: 0)
            == "Protected by your administrator · No passcode")
        #expect(AppStatus(guarded: false, guardRequired: false, properties: nil).summary(now: 0) == "Not protected")
        #expect(!AppStatus(guarded: false, guardRequired: false, properties: nil).isProtected)
        properties.retryAfter = 0
        let held = AppStatus(guarded: false, guardRequired: false, properties: properties, unguardingHeld: true)
        #expect(held.summary(now: 0) == "Protected until your passcode confirms turning it off · Passcode set · Locked")
        #expect(held.guardedInForce && held.isProtected)
    }

    @Test func aBrokenFileIsNamedWithLineAndKey() {
        let error = KeyFileError(file: "/c/apps.d/org.example.Notes.conf", line: 3, key: "GracePeriod", problem: "bad")
        #expect(PolicySnapshot.sentence(.broken(error)) == "/c/apps.d/org.example.Notes.conf, line 3, key GracePeriod: bad")
    }
}
