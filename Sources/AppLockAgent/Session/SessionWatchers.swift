/// What the agent watches of the desktop session, once watched: logind (when configured), the screensavers and
/// PipeWire's screen casts.
struct SessionWatchers {
    var logind: LogindWatcher?
    var screenSavers: ScreenSaverWatcher?
    var pipeWire: PipeWireWatcher?
}
