// DBusKit's connections run on SystemKit's event loop, and its API takes and returns SystemKit's types
// (`EventLoop`, `LoopBound`, `TimerDeadline`): a module that imports DBusKit sees them too.
@_exported public import SystemKit
