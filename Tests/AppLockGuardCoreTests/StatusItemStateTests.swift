import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// The status item's decisions: status, tooltip, menu items and their ids, and what a menu event does.
@Suite struct StatusItemStateTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")
    let protecting = GuardReadiness.protecting(on: "sway", "its IPC answers")
    let waiting = GuardReadiness.initial(for: .sway)

    @Test func withNoAppTheMenuIsLockAllNowASeparatorAndSettings() {
        let state = StatusItemState(readiness: waiting)
        #expect(state.items.map(\.label) == [.lockAllNow, nil, .settings])
        #expect(state.items.map(\.command) == [.lockAll, nil, .openSettings])
    }

    @Test func eachProtectedAppIsListedByNameWithItsStateBetweenTwoSeparators() {
        var state = StatusItemState(readiness: protecting)
        let changes = state.update(readiness: protecting, apps: [
            .init(app: notes, name: "Notes", state: .unlocked), .init(app: mail, name: "Mail", state: .locked),
        ])
        #expect(changes == .layout)
        #expect(state.items.map(\.label) == [
            .lockAllNow, nil, .app(name: "Mail", .locked), .app(name: "Notes", .unlocked), nil, .settings,
        ])
        #expect(state.items.map(\.command) == [.lockAll, nil, .reach(mail), .lock(notes), nil, .openSettings])
        #expect(Set(state.items.map(\.id)).count == state.items.count)
    }

    @Test func anAppTheAgentHasNotSpokenOfShowsAsLockedAndIsReachedFor() {
        var state = StatusItemState(readiness: protecting)
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: nil)])
        #expect(state.items[2] == .init(id: state.items[2].id, label: .app(name: "Notes", .locked), command: .reach(notes)))
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .obscured)])
        #expect(state.items[2].command == .reach(notes))
    }

    @Test func aStateChangeKeepsTheItemsIdAndRaisesTheRevisionNothingChangedRaisesNothing() {
        var state = StatusItemState(readiness: protecting)
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .unlocked)])
        let id = state.items[2].id
        let revision = state.revision
        #expect(state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .locked)]) == .layout)
        #expect(state.items[2].id == id)
        #expect(state.revision == revision + 1)
        #expect(state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .locked)]).isEmpty)
        #expect(state.revision == revision + 1)
    }

    @Test func anAppThatLeavesAndComesBackGetsANewIdSoAStaleEventCannotReachIt() {
        var state = StatusItemState(readiness: protecting)
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .unlocked)])
        let old = state.items[2].id
        _ = state.update(readiness: protecting, apps: [])
        #expect(state.command(forEvent: "clicked", on: old) == .failure(.unknownItem(old)))
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .unlocked)])
        #expect(state.items[2].id != old)
    }

    @Test func needsAttentionWhileNotProtectingAndTheTooltipFollowsTheReadiness() {
        var state = StatusItemState(readiness: waiting)
        #expect(state.status == .needsAttention)
        #expect(state.update(readiness: protecting, apps: []) == [.status, .toolTip])
        #expect(state.status == .active)
        let other = GuardReadiness.protecting(on: "sway 1.7", "its IPC answers")
        #expect(state.update(readiness: other, apps: []) == .toolTip)
        let lost = GuardReadiness.notProtecting(.waiting, on: "sway", "sway's IPC closed", fix: "restart")
        #expect(state.update(readiness: lost, apps: []) == [.status, .toolTip])
        #expect(state.status == .needsAttention)
    }

    @Test func aClickIsTheItemsCommandOtherEventsAndSeparatorsAskNothingUnknownIdsAreRefused() {
        var state = StatusItemState(readiness: protecting)
        _ = state.update(readiness: protecting, apps: [.init(app: notes, name: "Notes", state: .unlocked)])
        let lockAll = state.items[0].id
        #expect(state.command(forEvent: "clicked", on: lockAll) == .success(.lockAll))
        #expect(state.command(forEvent: "hovered", on: lockAll) == .success(nil))
        #expect(state.command(forEvent: "clicked", on: state.items[1].id) == .success(nil))
        #expect(state.command(forEvent: "opened", on: StatusItemState.rootID) == .success(nil))
        #expect(state.command(forEvent: "clicked", on: 77) == .failure(.unknownItem(77)))
        #expect(state.command(forEvent: "clicked", on: -1) == .failure(.unknownItem(-1)))
    }
}
