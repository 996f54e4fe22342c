import AppLockClient
import AppLockProtocol
import Foundation

let usage = """
    Usage: applock-demo [--app-id ID]

    A full-screen terminal app that hides its content behind AppLock. It registers
    ID (default io.github.applock.Demo) with the AppLock agent on the session bus.
    Keys: type the passcode and Enter to unlock; l lock; s/c/r set, change, remove
    the passcode; Ctrl-Z suspend; q or Ctrl-C quit.
    """

var appID = "io.github.applock.Demo"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--app-id":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("applock-demo: --app-id needs a value\n".utf8))
            exit(2)
        }
        appID = value
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("applock-demo: unknown option \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

do {
    let app = try DemoApp(appID: AppID(appID))
    await app.run()
} catch {
    FileHandle.standardError.write(Data("applock-demo: \(error)\n".utf8))
    exit(1)
}
