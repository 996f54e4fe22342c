import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import Testing

/// What the guard machine's keeper decides: apps guarded while the agent holds a weakening of their policy, across agent
/// restarts and stale answers; what the disk remembers of it; lock windows started ahead; what the log and the
/// notification say of the guard's readiness.
@Suite("What the guard machine's keeper decides")
struct GuardKeeperTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")
    let protecting = GuardReadiness.protecting(on: "X11", "covers are made on the X server")

    func policies(_ files: [AppID: String]) throws -> PolicySet {
        PolicySet(perApp: try files.mapValues {
            try PolicyOverrides.parse(KeyFile.parse("[Policy]\n" + $0, fileName: "app.conf"))
        })
    }

    func logs(_ actions: [GuardKeeperAction]) -> [String] {
        actions.compactMap { if case .log(let line) = $0 { line } else { nil } }
    }

    @Test("An app the files stop guarding stays guarded until the agent answers, and is dropped when it holds nothing")
    func filesStopGuarding() throws {
        var core = GuardKeeper(desktop: .x11)
        let first = core.handle(.policyRead(try policies([notes: "Guard=true\nBackgroundWhen=unfocused\n"])), now: .zero)
        #expect(core.takeRulesForCore() == [notes: .unfocused])
        #expect(first.last == .askHeldChanges(generation: 1))
        _ = core.handle(.guardedAppsApplied([notes]), now: .zero)

        let edited = core.handle(.policyRead(try policies([notes: "Guard=false\n"])), now: .seconds(1))
        #expect(core.takeRulesForCore() == [notes: .unfocused], "still guarded while the agent has not answered")
        #expect(edited.last == .askHeldChanges(generation: 2))
        #expect(core.handle(.heldChanges(generation: 1, [:]), now: .seconds(1)).isEmpty, "an older question's answer counts for nothing")
        _ = core.handle(.heldChanges(generation: 2, [:]), now: .seconds(2))
        #expect(core.takeRulesForCore() == [:])
    }

    @Test("A held weakening keeps the app guarded with the agent's rule and is remembered; the agent's absence changes nothing")
    func heldAcrossAgentRestarts() throws {
        var core = GuardKeeper(desktop: .sway)
        _ = core.handle(.policyRead(try policies([notes: "Guard=false\n"])), now: .zero)
        let asked = core.handle(.heldChanges(generation: 1, [notes: ["Guard"], mail: ["LockAfterIdle"]]), now: .zero)
        #expect(asked == [.askHeldPolicy(notes, generation: 1)], "only the keys the guard applies matter")
        let answer = core.handle(
            .heldPolicy(notes, generation: 1, HeldPolicy(guarded: true, backgroundRule: .minimised, hidesNotifications: true)),
            now: .zero)
        #expect(core.takeRulesForCore() == [notes: .minimised])
        #expect(logs(answer).contains { $0.hasPrefix("org.example.Notes stays guarded: the agent holds its change") })
        let memory = RememberedHeldChanges(rules: [notes: .minimised], hidingNotifications: [notes])
        #expect(answer.last == .remember(memory))
        _ = core.handle(.memoryWritten(memory), now: .zero)

        #expect(core.handle(.agentPresence(false), now: .seconds(1)).isEmpty)
        #expect(core.guardedRules == [notes: .minimised], "kept while the agent cannot be asked")
        #expect(core.handle(.agentPresence(true), now: .seconds(2)) == [.askHeldChanges(generation: 2)])
        let failed = core.handle(.heldChanges(generation: 2, [notes: ["Guard"]]), now: .seconds(2))
        #expect(failed == [.askHeldPolicy(notes, generation: 2)])
        let unanswered = core.handle(.heldPolicy(notes, generation: 2, nil), now: .seconds(2))
        #expect(core.takeRulesForCore() == nil && !unanswered.contains { if case .remember = $0 { true } else { false } },
                "an unanswered app stays as it was, and the memory is already right: \(unanswered)")
        #expect(core.guardedRules == [notes: .minimised])

        let confirmed = core.handle(.agentPresence(true), now: .seconds(3))
        #expect(confirmed == [.askHeldChanges(generation: 3)])
        let released = core.handle(.heldChanges(generation: 3, [:]), now: .seconds(3))
        #expect(core.takeRulesForCore() == [:])
        #expect(released.last == .remember(RememberedHeldChanges()), "an empty memory removes the file")
    }

    @Test("A guard started while the agent is down keeps the remembered apps guarded, strictly, and their notifications private")
    func rememberedAtStart() throws {
        var core = GuardKeeper(desktop: .x11)
        let read = core.handle(.memoryRead(RememberedHeldChanges(rules: [notes: .unfocused], hidingNotifications: [notes])), now: .zero)
        #expect(logs(read) == ["org.example.Notes stays guarded until the agent answers: it held a change of Guard, "
                                + "BackgroundWhen or HideNotifications when last asked"])
        _ = core.handle(.policyRead(try policies([notes: "Guard=true\nBackgroundWhen=minimised\nHideNotifications=false\n"])), now: .zero)
        #expect(core.takeRulesForCore() == [notes: .unfocused], "the stricter of the files' rule and the remembered one")
        _ = core.handle(.guardedAppsApplied([notes]), now: .zero)
        #expect(core.appsWithHideNotifications == [notes])
        #expect(logs(core.handle(.memoryUnreadable("/state/guard-held: denied"), now: .zero))
                    == ["cannot read the held changes remembered in /state/guard-held: denied; the files apply until the agent answers"])
    }

    @Test("A locked app the policy no longer guards is said to stay covered")
    func lockedAppKept() throws {
        var core = GuardKeeper(desktop: .x11)
        _ = core.handle(.policyRead(try policies([:])), now: .zero)
        let kept = core.handle(.guardedAppsApplied([notes]), now: .zero)
        #expect(logs(kept) == ["org.example.Notes is no longer guarded by the policy, but it is locked: it stays covered until it is unlocked"])
        #expect(kept.contains(.guardedAppsReloaded))
    }

    @Test("Lock windows started ahead for the apps the core names, ended for the others; a missing lock window said once")
    func lockWindowsAhead() {
        var core = GuardKeeper(desktop: .x11)
        #expect(core.handle(.lockWindowsAhead(wanted: [notes, mail], running: [], shown: [mail]), now: .zero)
                    == [.startLockWindowAhead(notes)])
        #expect(core.handle(.lockWindowsAhead(wanted: [], running: [notes], shown: []), now: .zero) == [.endLockWindowAhead(notes)])
        #expect(core.handle(.lockWindowsAhead(wanted: [notes], running: [notes], shown: []), now: .zero).isEmpty)
        #expect(logs(core.handle(.lockWindowMissing("/usr/libexec/applock-lock-window"), now: .zero))
                    == ["no lock window at /usr/libexec/applock-lock-window; locked apps stay covered, unlock them with applockctl unlock"])
        #expect(core.handle(.lockWindowMissing(nil), now: .zero).isEmpty)
    }

    @Test("A start answered within the patience says only that it protects, once; a start left waiting says so, and tells the user")
    func quietStartUp() throws {
        let clock = ManualClock()
        var core = GuardKeeper(desktop: .x11)
        _ = core.handle(.policyRead(try policies([notes: "Guard=true\n"])), now: clock.now)
        let started = core.handle(.guardedAppsApplied([notes]), now: clock.now)
        #expect(logs(started).isEmpty)
        #expect(started.last == .wakeAt(clock.now + ProtectionAlarm.patience))
        #expect(logs(core.handle(.readiness(.initial(for: .x11)), now: clock.now)).isEmpty, "nothing said while starting")
        clock.advance(by: .milliseconds(200))
        let ready = core.handle(.readiness(protecting), now: clock.now)
        #expect(ready == [.log("protecting guarded apps on X11 (covers are made on the X server)"), .wakeAt(nil)])
        #expect(core.handle(.readiness(protecting), now: clock.now) == [.wakeAt(nil)], "said once")

        var stuck = GuardKeeper(desktop: .gnomeWayland)
        _ = stuck.handle(.policyRead(try policies([notes: "Guard=true\n"])), now: .zero)
        _ = stuck.handle(.guardedAppsApplied([notes]), now: .zero)
        let waiting = GuardReadiness.initial(for: .gnomeWayland)
        let late = stuck.handle(.woke, now: ProtectionAlarm.patience)
        #expect(late == [.log(waiting.statement), .notifyUnprotected([notes], waiting), .wakeAt(nil)])
        #expect(stuck.handle(.woke, now: .seconds(5)) == [.wakeAt(nil)])
    }

    @Test("A named fault is said and told at once, and said again only when the state changes")
    func faultsAtOnce() throws {
        var core = GuardKeeper(desktop: .sway)
        let gone = GuardReadiness.notProtecting(.compositorGone, on: "sway", "sway's IPC has gone", fix: "restart sway")
        #expect(core.handle(.readiness(gone), now: .seconds(3)) == [.log("NOT protecting on sway: sway's IPC has gone"), .wakeAt(nil)],
                "no guarded app: said, nobody told")
        _ = core.handle(.policyRead(try policies([notes: "Guard=true\n"])), now: .seconds(4))
        #expect(core.handle(.guardedAppsApplied([notes]), now: .seconds(4)) == [.guardedAppsReloaded, .notifyUnprotected([notes], gone), .wakeAt(nil)])
        #expect(core.handle(.readiness(gone), now: .seconds(5)) == [.wakeAt(nil)])
    }
}

extension GuardKeeperTests {
    @Test("The shortcut that locks every app is given to the backend once, again only when it changes; one that does not read keeps the last good one (the default when there was none), and says why")
    func theLockAllShortcutIsGivenWhenItChanges() {
        var core = GuardKeeper(desktop: .x11)
        let other = KeyboardShortcut(modifiers: [.control, .alt], key: "k")
        #expect(core.handle(.lockAllShortcutRead(.success(.lockAllDefault)), now: .zero) == [.bindLockAllShortcut(.lockAllDefault)])
        #expect(core.handle(.lockAllShortcutRead(.success(.lockAllDefault)), now: .zero) == [])
        #expect(core.handle(.lockAllShortcutRead(.success(other)), now: .zero) == [.bindLockAllShortcut(other)])
        let broken = core.handle(.lockAllShortcutRead(.failure(.noModifier("k"))), now: .zero)
        #expect(broken == [.log("the shortcut that locks every app: \"k\" has no modifier: it would take that key from every app; <Control><Alt>k stays")])
        #expect(core.handle(.lockAllShortcutRead(.success(nil)), now: .zero) == [.bindLockAllShortcut(nil)])

        var fresh = GuardKeeper(desktop: .x11)
        let first = fresh.handle(.lockAllShortcutRead(.failure(.unknownModifier("hyper"))), now: .zero)
        #expect(first.last == .bindLockAllShortcut(.lockAllDefault))
        #expect(logs(first).first?.hasSuffix("<Super><Alt>l is used") == true, "\(first)")
    }
}
