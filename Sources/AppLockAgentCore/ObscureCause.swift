/// A condition that currently hides (or locked) an app; an obscure clears when all its causes end.
enum ObscureCause: Hashable, Sendable {
    case sessionLock
    case screensaver
    case sessionSwitch
    case idle
    case suspend
    case shutdown
    case background
    case manual
    case screenShare
}
