import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct OneAtATimePerAppTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func operationsOfOneAppRunInOrderOneAtATime() {
        var queues = OneAtATimePerApp<String>()
        #expect(queues.enqueue(.app(notes), "first") == "first")
        #expect(queues.enqueue(.app(notes), "second") == nil)
        #expect(queues.enqueue(.app(notes), "third") == nil)
        #expect(queues.enqueue(.app(mail), "other app") == "other app", "another app does not wait")
        #expect(queues.finish(.app(notes)) == "second")
        #expect(queues.finish(.app(notes)) == "third")
        #expect(queues.isBusy(.app(notes)))
        #expect(queues.finish(.app(notes)) == nil)
        #expect(!queues.isBusy(.app(notes)))
        #expect(queues.enqueue(.app(notes), "later") == "later")
    }

    @Test func theAppLockPasscodeHasOneQueueOfItsOwn() {
        var queues = OneAtATimePerApp<String>()
        #expect(queues.enqueue(.shared, "through notes") == "through notes")
        #expect(queues.enqueue(.shared, "through mail") == nil, "a second attempt on the AppLock passcode waits")
        #expect(queues.enqueue(.app(notes), "own") == "own", "an app's own passcode does not wait for it")
        #expect(queues.finish(.shared) == "through mail")
    }
}
