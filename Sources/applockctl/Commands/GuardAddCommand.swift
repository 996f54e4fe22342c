import AppLockClient
import AppLockDesktop
import AppLockSetupHelp
import ArgumentParser
import Translation

/// `applockctl guard add APP`.
struct GuardAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: L("Guard an application."),
        discussion: Help.text(
            L("Writes Guard=true into the application's policy file and has applockd re-read it (ReloadPolicy), which applock-guard follows."),
            L("Names the application's desktop file and the app id and WM_CLASS its windows are found by; warns when no desktop file of that id exists, naming the ids that look like it."),
            L("On GNOME, where the AppLock Shell extension is installed but disabled, enables it (as `gnome-extensions enable` does) and says so."),
            L("When the application has no passcode yet, it uses the AppLock passcode when one is set; otherwise, when a display is there, opens the window that sets one."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id (its desktop file's name), e.g. org.example.Notes.")))
    var app: String

    @Flag(help: ArgumentHelp(L("Do not open the passcode window, even when the application has none.")))
    var noPasscodeWindow = false

    func validate() throws { try AppIDArgument.validate(app) }

    func run() throws {
        try PolicyFileCommands.set("Guard", to: "true", in: .app(AppIDArgument.parse(app)))
        let link = try? CommandLineAgent()
        PolicyFileCommands.reload(link)
        Output.line(L("%1$s is guarded.", app))
        let environment = ProcessEnvironment.current()
        let matching = try GuardMatchText.lines(for: AppIDArgument.parse(app), environment: environment)
        for line in matching.lines {
            if matching.warns { Output.error(line) } else { Output.line(line) }
        }
        if matching.warns {
            Output.error(L("`applockctl guard remove %1$s` undoes this.", app))
        }
        if let link, let enabled = GnomeExtensionSwitch.enableIfDisabled(on: link.connection) { Output.line(enabled) }
        let passcode = { (try? link?.connection.performBlocking(.properties(of: AppIDArgument.parse(app))))?.hasPasscode }
        guard passcode() != true else { return }
        if let link, (try? link.perform(.sharedPasscodeKind)) != nil {
            let app = try AppIDArgument.parse(app)
            try link.perform(.useSharedPasscode(app), about: app)
            return Output.line(L("It uses the AppLock passcode."))
        }
        let hasDisplay = ["DISPLAY", "WAYLAND_DISPLAY"].contains { environment[$0].map { !$0.isEmpty } == true }
        guard !noPasscodeWindow, hasDisplay, let window = SiblingExecutable.installedLockWindow(environment: environment)
        else {
            Output.line(L("It has no passcode yet: set one with `applockctl set-passcode %1$s`.", app))
            return
        }
        do {
            _ = try SetupWindow.run(window, appID: app)
        } catch {
            throw CommandFailure(.failure, L("Cannot open the passcode window %1$s: %2$s.", window, "\(error)"))
        }
        if passcode() == true {
            Output.line(L("Its passcode is set."))
        } else {
            Output.line(L("No passcode was set (the window was closed first): set one with `applockctl set-passcode %1$s`.", app))
        }
    }
}
