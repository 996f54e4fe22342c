import Foundation

extension TestEnvironment {
    /// Starts a PipeWire daemon in this session (its socket `pipewire-0` in the runtime directory) and waits for
    /// its socket.
    public func startPipeWire() throws -> SessionProcess {
        let pipewire = try SessionProcess(["pipewire"], variables: environment, in: self, logName: "pipewire")
        let socket = runtimeDir.appendingPathComponent("pipewire-0")
        guard waitUntil(timeout: .seconds(20), { FileManager.default.fileExists(atPath: socket.path) }) else {
            pipewire.stop()
            throw TestSupportError("pipewire did not start: \(pipewire.logText())")
        }
        return pipewire
    }

    /// A live video stream offered to PipeWire as a node of media class `Video/Source` named as
    /// xdg-desktop-portal-wlr names its screen casts (`xdpw-stream-XXXXXX`, no other property set): what a
    /// screen cast looks like in PipeWire, with no compositor behind it.
    public func startVideoSourceStream() throws -> SessionProcess {
        try SessionProcess([
            "gst-launch-1.0", "videotestsrc", "is-live=true", "!", "pipewiresink", "mode=provide",
            "stream-properties=props,media.class=Video/Source,node.name=xdpw-stream-AbCdEf",
        ], variables: environment, in: self, logName: "video-source")
    }
}
