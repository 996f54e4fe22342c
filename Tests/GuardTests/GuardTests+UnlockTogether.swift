import AppLockTestSupport
import Foundation
import Testing

extension GuardTests {
    static let sharedPasscode = "2468"

    @Test("After logind's Lock, the AppLock passcode typed into one app's lock window uncovers that app and every other app that uses it with UnlockTogether, on screen; an app locked by hand stays covered")
    func unlockTogetherOnScreen() throws {
        let h = try GuardHarness("unlock-together", passcode: false)
        let mail = (app: "org.example.Mail", windowClass: "MailTerm")
        let diary = (app: "org.example.Diary", windowClass: "DiaryTerm")
        let applications = h.environment.dataHome.appendingPathComponent("applications")
        for other in [mail, diary] {
            try h.environment.writeAppPolicy(other.app, "Guard=true\nUnlockTogether=true\n")
            try "[Desktop Entry]\nType=Application\nName=\(other.windowClass)\nExec=xterm -class \(other.windowClass)\nStartupWMClass=\(other.windowClass)\n"
                .write(to: applications.appendingPathComponent("\(other.app).desktop"), atomically: true, encoding: .utf8)
        }
        _ = try h.client.call("ReloadPolicy")
        _ = try h.client.call("SetSharedPasscode", [.string(Self.sharedPasscode), .string("four-digit")])
        for app in [GuardHarness.app, mail.app, diary.app] {
            _ = try h.client.call("UseSharedPasscode", [.string(app)])
        }
        #expect(try h.client.policy(mail.app, "UnlockTogether")?.boolValue == true)

        try h.startGuard()
        let notesWindow = try h.startApp(geometry: "90x40+20+20")
        func start(_ other: (app: String, windowClass: String), at geometry: String) throws -> UInt32 {
            let before = Set(h.session.windows(ofClass: other.windowClass))
            h.apps.append(try h.session.launch([
                "xterm", "-class", other.windowClass, "-bg", "magenta", "-fg", "yellow", "-geometry", geometry,
            ], logName: other.windowClass))
            var window: UInt32?
            _ = waitUntil(timeout: .seconds(15)) {
                window = Set(h.session.windows(ofClass: other.windowClass)).subtracting(before).first
                return window != nil
            }
            return try #require(window, "no \(other.windowClass) window")
        }
        let mailWindow = try start(mail, at: "50x12+700+40")
        let diaryWindow = try start(diary, at: "50x12+700+450")
        for app in [GuardHarness.app, mail.app, diary.app] {
            try h.environment.unlockWithApplockctl(app, passcode: Self.sharedPasscode, seenBy: h.client)
        }
        for window in [notesWindow, mailWindow, diaryWindow] {
            #expect(h.waitUntilCovered(window, false, label: "unlocked-\(window)"), "\(h.guardLog())")
        }

        // Diary locked by hand; then, with Mail in front, the screen locks (Mail's lock window comes up), and comes
        // back.
        #expect(try h.applockctl(["lock", diary.app]).succeeded)
        h.session.xdotool(["windowactivate", "--sync", String(mailWindow)])
        let grabsBeforeLock = h.keyboardGrabsByLockWindows()
        try h.environment.logindSessionLock()
        for app in [GuardHarness.app, mail.app, diary.app] {
            #expect(waitUntil(timeout: .seconds(10)) { (try? h.client.state(app)) == "locked" }, "\(app) locks")
        }
        try h.environment.logindSessionUnlock()
        for window in [notesWindow, mailWindow, diaryWindow] {
            #expect(h.waitUntilCovered(window, label: "locked-\(window)"), "\(h.guardLog())")
        }

        #expect(waitUntil(timeout: .seconds(20)) { h.keyboardGrabsByLockWindows() > grabsBeforeLock }, "\(h.guardLog())")

        // The user reaches for Notes and types the AppLock passcode into its lock window (inside Notes' cover), once.
        let grabs = h.keyboardGrabsByLockWindows()
        h.session.xdotool(["windowactivate", String(notesWindow)])
        let (shown, seen) = h.waitUntilLockWindowShowsEverything(inside: h.session.rect(of: notesWindow), label: "notes-lock-window")
        #expect(shown, "Notes' lock window: \(seen.map(\.description) ?? "none")\n\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.keyboardGrabsByLockWindows() > grabs }, "\(h.guardLog())")
        h.session.xdotool(["type", "--delay", "40", Self.sharedPasscode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(notesWindow, false, label: "notes-unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(mailWindow, false, label: "mail-unlocked-together"), "\(h.guardLog())")
        #expect((try? h.client.state(mail.app)) == "unlocked")
        #expect(h.waitUntilCovered(diaryWindow, label: "diary-still-covered"), "locked by hand, it stays covered")
        #expect((try? h.client.state(diary.app)) == "locked")
    }
}
