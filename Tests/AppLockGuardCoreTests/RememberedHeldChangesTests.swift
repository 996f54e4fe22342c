import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import Testing

@Suite struct RememberedHeldChangesTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func theFileReadsBackAndADamagedRuleIsTheStrictest() {
        let remembered = RememberedHeldChanges(rules: [notes: .minimised, mail: .unfocused], hidingNotifications: [mail])
        #expect(RememberedHeldChanges.decode(remembered.encoded()) == remembered)
        #expect(RememberedHeldChanges.decode("applock-guard-held 1\nguard org.example.Notes sideways\nguard bad/id minimised\n")
            == RememberedHeldChanges(rules: [notes: .unfocused]))
    }

    @Test func whatIsRememberedOnlyKeepsAppsGuardedOrMakesThemStricter() {
        let files: [AppID: BackgroundRule] = [notes: .unfocused]
        #expect(RememberedHeldChanges.guarding(files, [notes: .minimised, mail: .minimised]) == [notes: .unfocused, mail: .minimised])
        #expect(RememberedHeldChanges.guarding([notes: .minimised], [notes: .unfocused]) == [notes: .unfocused])
        #expect(RememberedHeldChanges.guarding(files, [:]) == files, "nothing remembered is no reason to un-guard")
    }
}
