/// What `finishAttempt` returns: the actions to carry out and the answer for the caller.
public struct AttemptResult: Equatable, Sendable {
    public var actions: [AgentAction]
    public var answer: AttemptAnswer

    public init(actions: [AgentAction], answer: AttemptAnswer) {
        self.actions = actions
        self.answer = answer
    }
}
