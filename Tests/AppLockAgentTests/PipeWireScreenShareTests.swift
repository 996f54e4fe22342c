import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// Screen casts seen through PipeWire (sway, labwc, KWin, X11): a real `pipewire` daemon in the test session and a
/// real program streaming a `Video/Source` node into it as xdg-desktop-portal-wlr's screen cast does
/// (``TestEnvironment/startVideoSourceStream()``: gst-launch-1.0, no compositor behind it).
@Suite("Screen casts through PipeWire")
struct PipeWireScreenShareTests {
    static let app = "org.example.Notes"

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
        var pipewire = try harness.environment.startPipeWire()
        var cast = try harness.environment.startVideoSourceStream()
        let started = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(started?.state == "obscured" && started?.reason == "screen-share", "cast log: \(cast.logText())")
        #expect(try Self.screenShared(client) == true)

        cast.stop()
        let ended = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(ended?.state == "unlocked" && ended?.reason == "unlock")
        #expect(try Self.screenShared(client) == false)

        // PipeWire going away ends the cast; a new PipeWire is watched again.
        cast = try harness.environment.startVideoSourceStream()
        #expect(try client.nextStateChange(of: Self.app, timeout: .seconds(30))?.state == "obscured")
        pipewire.stop()
        cast.stop()
        #expect(try client.nextStateChange(of: Self.app, timeout: .seconds(30))?.state == "unlocked")
        pipewire = try harness.environment.startPipeWire()
        cast = try harness.environment.startVideoSourceStream()
        let again = try client.nextStateChange(of: Self.app, timeout: .seconds(30))
        #expect(again?.state == "obscured" && again?.reason == "screen-share", "agent log: \(harness.agent.logText())")
        cast.stop()
        pipewire.stop()
    }
}
