import AppLockClient
import AppLockDesktop
import ArgumentParser

/// `applockctl guard add APP`.
struct GuardAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Guard an application.",
        discussion: """
            Writes Guard=true into the application's policy file and has applockd re-read it (ReloadPolicy), which applock-guard follows. \
            On GNOME, where the AppLock Shell extension is installed but disabled, enables it (as `gnome-extensions \
            enable` does) and says so. When the application has no passcode yet and a display is there, opens the \
            window that sets one.
            """
    )

    @Argument(help: "An application id (its desktop file's name), e.g. org.example.Notes.")
    var app: String

    @Flag(help: "Do not open the passcode window, even when the application has none.")
    var noPasscodeWindow = false

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        try PolicyFileCommands.set("Guard", to: "true", in: .app(AppIDArgument.parse(app)))
        let link = try? AgentLink()
        PolicyFileCommands.reload(link)
        Output.line("\(app) is guarded.")
        let environment = ProcessEnvironment.current()
        let directories = XDGDataDirectories(environment: environment)
        if try DesktopEntry.find(AppIDArgument.parse(app), in: directories) == nil {
            Output.error("applockctl: warning: no desktop file is named \(app).desktop in "
                + directories.paths.map { $0 + "/applications" }.joined(separator: ", ")
                + "; the guard protects an app by its desktop-file id (`ls /usr/share/applications`). "
                + "`applockctl guard remove \(app)` undoes this.")
        }
        if let link, let enabled = GnomeExtensionSwitch.enableIfDisabled(on: link.connection) { Output.line(enabled) }
        let passcode = { (try? link?.connection.performBlocking(.properties(of: AppIDArgument.parse(app))))?.hasPasscode }
        guard passcode() != true else { return }
        let hasDisplay = ["DISPLAY", "WAYLAND_DISPLAY"].contains { environment[$0].map { !$0.isEmpty } == true }
        guard !noPasscodeWindow, hasDisplay, let window = SiblingExecutable.installedLockWindow(environment: environment)
        else {
            Output.line("It has no passcode yet: set one with `applockctl set-passcode \(app)`.")
            return
        }
        do {
            _ = try SetupWindow.run(window, appID: app)
        } catch {
            throw CommandFailure(.failure, "Cannot open the passcode window \(window): \(error).")
        }
        if passcode() == true {
            Output.line("Its passcode is set.")
        } else {
            Output.line("No passcode was set (the window was closed first): set one with `applockctl set-passcode \(app)`.")
        }
    }
}
