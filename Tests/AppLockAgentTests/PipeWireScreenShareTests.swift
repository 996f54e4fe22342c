import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// Screen casts seen through PipeWire (sway, labwc, KWin, X11): a real `pipewire` daemon in the test session and a
/// real program streaming a `Video/Source` node into it, as xdg-desktop-portal-wlr's screen cast does (its node has
/// `media.class` `Video/Source` and the name `xdpw-stream-XXXXXX`; here `gst-launch-1.0 … ! pipewiresink` makes one
/// with those properties, no compositor behind it).
@Suite("Screen casts through PipeWire")
struct PipeWireScreenShareTests {
    static let app = "org.example.Notes"

    static func startPipeWire(_ environment: TestEnvironment) throws -> SessionProcess {
        let pipewire = try SessionProcess(["pipewire"], variables: environment.environment, in: environment, logName: "pipewire")
        let socket = environment.runtimeDir.appendingPathComponent("pipewire-0")
        guard waitUntil(timeout: .seconds(20), { FileManager.default.fileExists(atPath: socket.path) }) else {
            throw TestSupportError("pipewire did not start: \(pipewire.logText())")
        }
        return pipewire
    }

    /// A live video stream offered to PipeWire as a `Video/Source` node, like a portal's screen cast.
    static func startCast(_ environment: TestEnvironment) throws -> SessionProcess {
        try SessionProcess([
            "gst-launch-1.0", "videotestsrc", "is-live=true", "!", "pipewiresink", "mode=provide",
            "stream-properties=props,media.class=Video/Source,node.name=xdpw-stream-AbCdEf",
        ], variables: environment.environment, in: environment, logName: "cast")
    }

    static func screenShared(_ client: AgentClient) throws -> Bool? {
        try client.property(ObjectPath("/io/github/applock/AppLock1"), "io.github.applock.AppLock1.Manager", "ScreenShared")
            .boolValue
    }

    @Test("a Video/Source node obscures the app, its end brings it back, and PipeWire started late or restarted is watched")
    func castObscuresAndEnds() throws {
        let harness = try AgentHarness()
        let client = try harness.client()
        _ = try client.register(Self.app)
        client.watchStateChanged(of: Self.app)
        #expect(try client.state(Self.app) == "unlocked")

        // PipeWire starts after the agent: the agent notices its socket.
        var pipewire = try Self.startPipeWire(harness.environment)
        var cast = try Self.startCast(harness.environment)
        let started = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(started?.state == "obscured" && started?.reason == "screen-share", "cast log: \(cast.logText())")
        #expect(try Self.screenShared(client) == true)

        cast.stop()
        let ended = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(ended?.state == "unlocked" && ended?.reason == "unlock")
        #expect(try Self.screenShared(client) == false)

        // PipeWire going away ends the cast; a new PipeWire is watched again.
        cast = try Self.startCast(harness.environment)
        #expect(try client.nextStateChange(of: Self.app, timeout: .seconds(30))?.state == "obscured")
        pipewire.stop()
        cast.stop()
        #expect(try client.nextStateChange(of: Self.app, timeout: .seconds(30))?.state == "unlocked")
        pipewire = try Self.startPipeWire(harness.environment)
        cast = try Self.startCast(harness.environment)
        let again = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(again?.state == "obscured" && again?.reason == "screen-share", "agent log: \(harness.agent.logText())")
        cast.stop()
        pipewire.stop()
    }
}
