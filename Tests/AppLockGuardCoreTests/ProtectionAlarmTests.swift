import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import Testing

@Suite("When the guard tells the user it cannot hide apps")
struct ProtectionAlarmTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")
    let disabled = GuardReadiness.notProtecting(.extensionDisabled, on: "GNOME 43.9", "the AppLock extension is disabled", fix: "enable it")
    let protecting = GuardReadiness.protecting(on: "GNOME 43.9", "the AppLock extension polls the guard")

    @Test("A start answered within the patience raises nothing; one left unanswered raises one notification naming the guarded apps")
    func startUp() {
        let clock = ManualClock()
        var alarm = ProtectionAlarm()
        let waiting = GuardReadiness.initial(for: .gnomeWayland)
        #expect(alarm.update(waiting, guardedApps: [notes], now: clock.now) == .wakeAt(clock.now + ProtectionAlarm.patience))
        clock.advance(by: .milliseconds(300))
        #expect(alarm.update(protecting, guardedApps: [notes], now: clock.now) == .nothing)

        var silent = ProtectionAlarm()
        let start = clock.now
        #expect(silent.update(waiting, guardedApps: [notes, mail], now: start) == .wakeAt(start + ProtectionAlarm.patience))
        clock.advance(by: ProtectionAlarm.patience)
        #expect(silent.update(waiting, guardedApps: [notes, mail], now: clock.now) == .notify([mail, notes]))
        clock.advance(by: .seconds(60))
        #expect(silent.update(disabled, guardedApps: [notes, mail], now: clock.now) == .nothing, "one per episode")
    }

    @Test("A named fault is told at once")
    func faultAtOnce() {
        var alarm = ProtectionAlarm()
        #expect(alarm.update(disabled, guardedApps: [notes], now: .seconds(5)) == .notify([notes]))
    }

    @Test("No guarded app, no notification; an app guarded during the episode raises it then")
    func onlyWithGuardedApps() {
        let clock = ManualClock()
        var alarm = ProtectionAlarm()
        #expect(alarm.update(disabled, guardedApps: [], now: clock.now) == .nothing)
        clock.advance(by: .seconds(5))
        #expect(alarm.update(disabled, guardedApps: [notes], now: clock.now) == .notify([notes]))
    }

    @Test("Each new episode raises one more, but never two within the quiet period")
    func episodes() {
        let clock = ManualClock()
        var alarm = ProtectionAlarm()
        #expect(alarm.update(disabled, guardedApps: [notes], now: clock.now) == .notify([notes]))
        let told = clock.now
        clock.advance(by: .seconds(2))
        #expect(alarm.update(protecting, guardedApps: [notes], now: clock.now) == .nothing)
        clock.advance(by: .seconds(2))
        #expect(alarm.update(disabled, guardedApps: [notes], now: clock.now) == .wakeAt(told + ProtectionAlarm.quietPeriod))
        clock.advance(by: ProtectionAlarm.quietPeriod)
        #expect(alarm.update(disabled, guardedApps: [notes], now: clock.now) == .notify([notes]))
    }
}

@Suite("Protected means the compositor's script answered")
struct CompositorSideTests {
    static let enabled = GnomeShellExtensions.State.enabled.rawValue
    static let uuid = GnomeShellExtensions.appLockUUID
    static let otherUUID = GnomeShellExtensions.appLockUUIDs[1]

    @Test("GNOME: ENABLED is not enough; a poll from the Shell itself is, until the extension is disabled or the Shell goes")
    func gnome() {
        var side = CompositorSide(kind: .gnomeShell)
        #expect(side.readiness.reason == .waiting)
        side.compositorChanged(owner: "")
        #expect(side.readiness.reason == .waiting, "a Shell not started yet is waited for")
        side.compositorChanged(owner: ":1.5")
        side.version = "43.9"
        side.extensionChanged(Self.otherUUID, .state(Self.enabled, error: ""))
        #expect(side.readiness.reason == .waiting)
        side.extensionChanged(Self.uuid, .state(GnomeShellExtensions.State.outOfDate.rawValue, error: ""))
        #expect(side.readiness.reason == .waiting)
        side.polled(by: ":1.99")
        #expect(side.readiness.reason == .waiting, "a poll from anyone but the Shell does not count")
        side.polled(by: ":1.5")
        #expect(side.readiness.isProtecting)
        #expect(side.readiness.statement == "protecting guarded apps on GNOME 43.9 (the AppLock extension polls the guard)")

        side.extensionChanged(Self.otherUUID, .state(GnomeShellExtensions.State.disabled.rawValue, error: ""))
        #expect(side.readiness.reason == .extensionDisabled)
        #expect(side.readiness.fix.contains("gnome-extensions enable \(Self.otherUUID)"))
        #expect(side.readiness.statement == "NOT protecting on GNOME 43.9: the AppLock extension is disabled (DISABLED)")
        side.extensionChanged(Self.otherUUID, .state(Self.enabled, error: ""))
        #expect(side.readiness.reason == .waiting, "re-enabled, it must poll again")
        side.polled(by: ":1.5")
        #expect(side.readiness.isProtecting)

        side.compositorChanged(owner: "")
        #expect(side.readiness.reason == .compositorGone)
        side.compositorChanged(owner: ":1.7")
        #expect(side.readiness.reason == .waiting)
    }

    @Test("GNOME: out of date, in error, missing and switched off are each named")
    func gnomeFaults() {
        var side = CompositorSide(kind: .gnomeShell)
        side.compositorChanged(owner: ":1.5")
        side.version = "48.7"
        side.extensionChanged(Self.uuid, .state(GnomeShellExtensions.State.outOfDate.rawValue, error: ""))
        side.extensionChanged(Self.otherUUID, .state(GnomeShellExtensions.State.outOfDate.rawValue, error: ""))
        #expect(side.readiness.statement == "NOT protecting on GNOME 48.7: the AppLock extension is out of date (OUT_OF_DATE)")
        side.extensionChanged(Self.uuid, .state(GnomeShellExtensions.State.error.rawValue, error: "SyntaxError"))
        #expect(side.readiness.reason == .extensionError)
        #expect(side.readiness.statement.contains("ERROR: SyntaxError"))
        side.extensionChanged(Self.uuid, .missing)
        #expect(side.readiness.reason == .extensionOutOfDate, "the other one out of date says more than a missing one")
        side.extensionChanged(Self.otherUUID, .missing)
        #expect(side.readiness.reason == .extensionMissing)
        side.userExtensionsEnabled = false
        side.extensionChanged(Self.uuid, .state(GnomeShellExtensions.State.initialized.rawValue, error: ""))
        #expect(side.readiness.reason == .extensionsSwitchedOff)
    }

    @Test("KWin: loaded is not enough; a poll from KWin is, until the script is unloaded or KWin goes")
    func kwin() {
        var side = CompositorSide(kind: .kwin)
        side.compositorChanged(owner: ":1.3")
        #expect(side.readiness.reason == .waiting)
        side.scriptChanged(.loaded)
        side.polled(by: ":1.3")
        #expect(side.readiness.isProtecting)
        side.scriptChanged(.unloaded)
        #expect(side.readiness.reason == .scriptUnloaded)
        side.scriptChanged(.failed("no /Scripting"))
        #expect(side.readiness.statement.contains("failed to load (no /Scripting)"))
        side.compositorChanged(owner: "")
        #expect(side.readiness.reason == .compositorGone)
    }

    @Test("GNOME: an ENABLED extension whose next Poll does not come within the bound after an answer is silent until it polls again")
    func gnomeSilent() {
        let clock = ManualClock()
        var side = CompositorSide(kind: .gnomeShell)
        side.compositorChanged(owner: ":1.5")
        side.version = "50.5"
        side.extensionChanged(Self.otherUUID, .state(GnomeShellExtensions.State.outOfDate.rawValue, error: ""))
        side.extensionChanged(Self.uuid, .state(Self.enabled, error: ""))
        #expect(side.pollDeadline == nil, "nothing is due before the first Poll")
        side.polled(by: ":1.5")
        clock.advance(by: .seconds(15))
        side.clockReached(clock.now)
        #expect(side.pollDeadline == nil, "a held Poll is the script waiting, however long")
        #expect(side.readiness.isProtecting)

        side.pollAnswered(to: ":1.5", now: clock.now)
        #expect(side.pollDeadline == clock.now + CompositorSide.pollSilenceBound)
        clock.advance(by: CompositorSide.pollSilenceBound - .milliseconds(1))
        side.clockReached(clock.now)
        #expect(side.readiness.isProtecting, "a slow Shell inside the bound is not silent")
        side.polled(by: ":1.5")
        side.pollAnswered(to: ":1.5", now: clock.now)
        clock.advance(by: CompositorSide.pollSilenceBound)
        side.clockReached(clock.now)
        #expect(side.readiness.reason == .extensionSilent)
        #expect(side.readiness.statement == "NOT protecting on GNOME 50.5: the AppLock extension stopped polling the guard "
            + "(none for 1.5 seconds after its last answer)")
        #expect(side.readiness.fix.contains("gnome-extensions enable \(Self.uuid)"))
        #expect(side.pollDeadline == nil, "silent, nothing more is due")

        clock.advance(by: .seconds(30))
        side.polled(by: ":1.5")
        #expect(side.readiness.isProtecting, "a Poll again: protecting again")
    }

    @Test("GNOME: a Poll that came before the extensions' states were read counts once they show one ENABLED, whichever is read first")
    func pollBeforeTheStates() {
        for firstRead in [Self.otherUUID, Self.uuid] {
            var side = CompositorSide(kind: .gnomeShell)
            side.compositorChanged(owner: ":1.5")
            side.polled(by: ":1.5")
            let findings = [Self.otherUUID: CompositorSide.ExtensionFinding.missing, Self.uuid: .state(Self.enabled, error: "")]
            side.extensionChanged(firstRead, findings[firstRead]!)
            let secondRead = firstRead == Self.uuid ? Self.otherUUID : Self.uuid
            side.extensionChanged(secondRead, findings[secondRead]!)
            #expect(side.readiness.isProtecting, "\(firstRead) read first")
        }
    }

    @Test("Only the current compositor's Polls and answers count towards silence")
    func silenceFollowsTheCompositor() {
        let clock = ManualClock()
        var side = CompositorSide(kind: .gnomeShell)
        side.compositorChanged(owner: ":1.5")
        side.extensionChanged(Self.uuid, .state(Self.enabled, error: ""))
        side.extensionChanged(Self.otherUUID, .missing)
        side.polled(by: ":1.5")
        side.compositorChanged(owner: ":1.8")
        side.extensionChanged(Self.uuid, .state(Self.enabled, error: ""))
        side.extensionChanged(Self.otherUUID, .missing)
        side.polled(by: ":1.8")
        side.pollAnswered(to: ":1.5", now: clock.now)
        #expect(side.pollDeadline == nil, "the old Shell's answered Poll leaves the new one's held")
        clock.advance(by: .seconds(20))
        side.clockReached(clock.now)
        #expect(side.readiness.isProtecting)
        side.pollAnswered(to: ":1.8", now: clock.now)
        side.pollAnswered(to: ":1.8", now: clock.now)
        #expect(side.pollDeadline == clock.now + CompositorSide.pollSilenceBound, "an answer to no held Poll changes nothing")
    }

    @Test("KWin: a loaded script that stops polling is silent, named with its fix")
    func kwinSilent() {
        let clock = ManualClock()
        var side = CompositorSide(kind: .kwin)
        side.compositorChanged(owner: ":1.3")
        side.scriptChanged(.loaded)
        side.polled(by: ":1.3")
        side.pollAnswered(to: ":1.3", now: clock.now)
        clock.advance(by: .seconds(2))
        side.clockReached(clock.now)
        #expect(side.readiness.reason == .scriptSilent)
        #expect(side.readiness.statement.hasSuffix("the AppLock KWin script stopped polling the guard (none for 1.5 seconds "
            + "after its last answer)"))
        #expect(side.readiness.fix.contains("systemctl --user restart applock-guard"))
        side.scriptChanged(.loaded)
        #expect(side.readiness.reason == .waiting, "loaded again, it must poll again")
        side.polled(by: ":1.3")
        #expect(side.readiness.isProtecting)
    }
}
