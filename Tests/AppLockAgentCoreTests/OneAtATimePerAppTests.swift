import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct OneAtATimePerAppTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")

    @Test func operationsOfOneAppRunInOrderOneAtATime() {
        var queues = OneAtATimePerApp<String>()
        #expect(queues.enqueue(notes, "first") == "first")
        #expect(queues.enqueue(notes, "second") == nil)
        #expect(queues.enqueue(notes, "third") == nil)
        #expect(queues.enqueue(mail, "other app") == "other app", "another app does not wait")
        #expect(queues.finish(notes) == "second")
        #expect(queues.finish(notes) == "third")
        #expect(queues.isBusy(notes))
        #expect(queues.finish(notes) == nil)
        #expect(!queues.isBusy(notes))
        #expect(queues.enqueue(notes, "later") == "later")
    }
}
