import AppLockProtocol
import DBusKit

extension AppLockRequest {
    /// Sends the request on a loop-mode connection; `completion` runs on the loop thread with the decoded reply or
    /// the error. A request the client refuses (malformed app id, passcode of the wrong shape) is not sent.
    func send(
        on connection: Connection, timeout: Duration, _ completion: @escaping (Result<Value, AppLockError>) -> Void
    ) {
        if let refusal { return completion(.failure(refusal)) }
        let message: Message
        do {
            message = try Message.methodCall(
                destination: destination, path: path, interface: interface, member: member, arguments: arguments)
        } catch {
            return completion(.failure(.other(name: member, message: "the request could not be encoded: \(error)")))
        }
        let decode = self.decode
        let member = self.member
        connection.call(message, timeout: replyTimeout ?? timeout) { result in
            switch result {
            case .success(let reply):
                guard let arguments = try? reply.arguments(), let value = decode(arguments, reply.sender ?? "") else {
                    return completion(.failure(.other(name: member, message: "the agent's reply has an unexpected shape")))
                }
                completion(.success(value))
            case .failure(let error) where error.name == "org.freedesktop.DBus.Error.UnknownObject":
                // An app object that does not exist is an app the agent does not know.
                completion(.failure(.agent(.unknownApplication, message: error.message)))
            case .failure(let error):
                completion(.failure(AppLockError(error)))
            }
        }
    }
}
