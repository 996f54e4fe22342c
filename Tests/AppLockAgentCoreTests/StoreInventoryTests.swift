import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct StoreInventoryTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func anIncompleteInventoryLooksUpEachAppOnce() {
        var inventory = StoreInventory()
        #expect(inventory.mustLookUp(notes, knownToHavePasscode: false))
        #expect(!inventory.mustLookUp(notes, knownToHavePasscode: true), "a passcode the core knows needs no look-up")
        inventory.markChecked(notes)
        #expect(!inventory.mustLookUp(notes, knownToHavePasscode: false))
        #expect(inventory.mustLookUp(mail, knownToHavePasscode: false))
        inventory.isComplete = true
        #expect(!inventory.mustLookUp(mail, knownToHavePasscode: false))
    }

    @Test func aCallerThatLeftWhileItsLookUpRanGetsNoRegistration() {
        var inventory = StoreInventory()
        inventory.lookupStarted(by: ":1.5")
        inventory.lookupStarted(by: ":1.5")
        inventory.lookupStarted(by: ":1.6")
        inventory.peerLeft(":1.5")
        inventory.peerLeft(":1.7")
        let first = inventory.lookupEnded(by: ":1.5")
        let second = inventory.lookupEnded(by: ":1.5")
        let stayed = inventory.lookupEnded(by: ":1.6")
        #expect(!first && !second, "both registrations of the caller that left are dropped")
        #expect(stayed)
        inventory.lookupStarted(by: ":1.5")
        let again = inventory.lookupEnded(by: ":1.5")
        #expect(again, "a name is forgotten once its look-ups ended")
    }
}
