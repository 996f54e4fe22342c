/// What one method of the contract takes, returns and may fail with.
public struct MethodContract: Sendable, Hashable {
    /// The in arguments, in order.
    public let inputs: [ProtocolArgument]
    /// The out arguments, in order.
    public let outputs: [ProtocolArgument]
    /// Every error the method can answer with (besides the bus's own `org.freedesktop.DBus.Error.*`).
    public let errors: [AgentError]

    public init(inputs: [ProtocolArgument], outputs: [ProtocolArgument] = [], errors: [AgentError] = []) {
        self.inputs = inputs
        self.outputs = outputs
        self.errors = errors
    }

    /// The in signature, e.g. `ss`: a call with any other body is refused before it is decoded.
    public var inputSignature: String { inputs.map(\.type).joined() }

    /// The out signature, e.g. `o`.
    public var outputSignature: String { outputs.map(\.type).joined() }
}
