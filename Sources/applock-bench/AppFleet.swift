import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// `count` simulated apps, each its own loop-mode connection on one receiver thread, registered with the agent
/// and subscribed to its own `StateChanged` with an `arg0` match (as the client library does).
final class AppFleet: @unchecked Sendable {
    let board: ArrivalBoard
    let ids: [String]
    private(set) var paths: [ObjectPath] = []
    private let receiver: LoopThread
    private var connections: [Connection] = []

    /// Connects and registers the apps; returns when every registration has been answered. With `register`
    /// false the apps only subscribe (to `StateChanged` of `interface` from `sender`): the bus's fan-out floor.
    init(count: Int, prefix: String, busAddress: String, agentUniqueName: String,
         interface: String = AppLockBusNames.managerInterface, register: Bool = true) throws {
        board = ArrivalBoard(size: count)
        ids = (0..<count).map { "org.bench.\(prefix).App\($0)" }
        receiver = LoopThread(name: "bench-apps-\(prefix)")
        let board = self.board
        let ids = self.ids
        let managerPath = try ObjectPath(AppLockBusNames.managerPath)
        let opened: ([Connection], [ObjectPath]) = try receiver.sync { [receiver] in
            var connections: [Connection] = []
            var paths: [ObjectPath] = []
            connections.reserveCapacity(ids.count)
            for (index, id) in ids.enumerated() {
                let connection = try Connection.address(busAddress, loop: receiver.loop)
                let rule = MatchRule(
                    sender: agentUniqueName, path: managerPath, interface: interface,
                    member: ManagerSignal.stateChanged.name, arg0: id)
                _ = connection.addMatch(rule) { message in
                    let now = EventLoop.bootTimeNanoseconds()
                    let arguments = (try? message.arguments()) ?? []
                    board.arrive(index, state: arguments.count > 1 ? arguments[1].stringValue ?? "" : "", at: now)
                }
                connections.append(connection)
                guard register else {
                    _ = try connection.call(
                        destination: "org.freedesktop.DBus", path: try ObjectPath("/org/freedesktop/DBus"),
                        interface: "org.freedesktop.DBus", member: "GetId")
                    continue
                }
                let registration = try Message.methodCall(
                    destination: AppLockBusNames.busName, path: managerPath, interface: AppLockBusNames.managerInterface,
                    member: ManagerMethod.registerApplication.name, arguments: [.string(id)])
                let reply = try connection.call(registration, timeout: .seconds(60)).arguments()
                guard let path = reply.first?.objectPathValue else {
                    throw BenchError("RegisterApplication(\(id)) answered \(reply)")
                }
                paths.append(path)
            }
            return (connections, paths)
        }
        connections = opened.0
        paths = opened.1
    }

    /// Closes every connection (the agent sees the apps leave) and stops the receiver thread.
    func close() {
        let connections = UncheckedSendable(self.connections)
        self.connections = []
        _ = try? receiver.sync {
            for connection in connections.value { connection.close() }
        }
        receiver.stop()
    }
}
