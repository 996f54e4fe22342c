import AppLockCore
import AppLockGuard
import AppLockProtocol
import Testing

@Suite struct RememberedHeldRulesTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func theFileReadsBackAndADamagedRuleIsTheStrictest() {
        let rules: [AppID: BackgroundRule] = [notes: .minimised, mail: .unfocused]
        #expect(RememberedHeldRules.decode(RememberedHeldRules.encoded(rules)) == rules)
        #expect(RememberedHeldRules.decode("applock-guard-held 1\norg.example.Notes sideways\nbad/id minimised\n")
            == [notes: .unfocused])
    }

    @Test func whatIsRememberedOnlyKeepsAppsGuardedOrMakesThemStricter() {
        let files: [AppID: BackgroundRule] = [notes: .unfocused]
        #expect(RememberedHeldRules.guarding(files, [notes: .minimised, mail: .minimised]) == [notes: .unfocused, mail: .minimised])
        #expect(RememberedHeldRules.guarding([notes: .minimised], [notes: .unfocused]) == [notes: .unfocused])
        #expect(RememberedHeldRules.guarding(files, [:]) == files, "nothing remembered is no reason to un-guard")
    }
}
