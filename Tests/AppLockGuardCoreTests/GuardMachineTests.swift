import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import Testing

/// The guard's one machine: the exchanges between its core and its keeper happen inside it, so that the driver only
/// feeds inputs and carries out actions.
@Suite("The guard's one machine")
struct GuardMachineTests {
    let notes = try! AppID("org.example.Notes")

    func policies(_ text: String) throws -> PolicySet {
        PolicySet(perApp: [notes: try PolicyOverrides.parse(KeyFile.parse("[Policy]\n" + text, fileName: "app.conf"))])
    }

    @Test("The policy read guards its apps in the core, has the driver read their desktop files before the backend hears of them, and asks the agent for held changes")
    func policyReadGuardsApps() throws {
        var machine = GuardMachine(desktop: .x11)
        let actions = machine.handle(.upkeep(.policyRead(try policies("Guard=true\n"))), now: .zero)
        #expect(machine.core.guardedApps == [notes])
        #expect(actions.contains(.upkeep(.askHeldChanges(generation: 1))))
        let read = actions.firstIndex(of: .readAppFiles([notes]))
        let reloaded = actions.firstIndex(of: .upkeep(.guardedAppsReloaded))
        #expect(read != nil && reloaded != nil && read! < reloaded!, "\(actions)")
    }

    @Test("The agent's arrival reaches both children: the core registers the guarded app with a window, the keeper asks for held changes")
    func agentPresenceReachesBoth() throws {
        var machine = GuardMachine(desktop: .sway)
        _ = machine.handle(.upkeep(.policyRead(try policies("Guard=true\n"))), now: .zero)
        _ = machine.handle(.desktop(.windowResolved(GuardWindowID(7), app: notes)), now: .zero)
        let actions = machine.handle(.desktop(.agentPresence(true)), now: .seconds(1))
        #expect(actions.contains(.desktop(.agent(.register(notes)))), "\(actions)")
        #expect(actions.contains(.upkeep(.askHeldChanges(generation: 2))), "\(actions)")
    }

    @Test("Lock windows ahead follow the core's wish: none for an app not locked, and one ended once nothing wants it")
    func lockWindowsAheadFollowTheCore() throws {
        var machine = GuardMachine(desktop: .x11)
        #expect(machine.lockWindowsAheadGoInCovers)
        #expect(!GuardMachine(desktop: .gnomeWayland).lockWindowsAheadGoInCovers)
        _ = machine.handle(.upkeep(.policyRead(try policies("Guard=true\n"))), now: .zero)
        #expect(machine.handle(.lockWindowProcesses(running: [], shown: []), now: .zero) == [])
        #expect(machine.handle(.lockWindowProcesses(running: [notes], shown: []), now: .zero)
                    == [.upkeep(.endLockWindowAhead(notes))])
    }

    @Test("The agent's held policy is read for each key the guard applies, and for no other; a value of the wrong type says nothing")
    func heldPolicyFromTheAgent() {
        let held = HeldPolicy(agentPolicy: [
            "Guard": .bool(false), "BackgroundWhen": .string("minimised"), "HideNotifications": .string("yes"),
            "GracePeriod": .uint32(5),
        ])
        #expect(held == HeldPolicy(guarded: false, backgroundRule: .minimised, hidesNotifications: nil))
        #expect(PolicyStrength.keysTheGuardApplies == ["Guard", "BackgroundWhen", "HideNotifications"])
    }
}
