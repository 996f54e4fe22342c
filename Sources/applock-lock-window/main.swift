import Foundation
import GtkKit
import SystemKit

/// Parses the command line, starts GTK and runs the chosen window until it is done.
@MainActor
func runLockWindow() -> ExitStatus {
    SecretHolding.forbidMemoryReadout()
    let options: LaunchOptions
    do {
        options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
            print(LaunchOptions.usage)
            return .done
        }
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        return .badCommandLine
    }
    let embedded: UInt? = if case .lock(let parent?) = options.mode { parent } else { nil }
    do {
        // The program name is the Wayland app id and the X11 WM_CLASS: shells find the desktop entry
        // applock-lock-window.desktop by it and show its name ("AppLock") and icon.
        try Gtk.initialize(
            programName: "applock-lock-window", applicationName: "AppLock", backend: embedded != nil ? .x11 : nil,
            softwareRendering: true)
    } catch {
        FileHandle.standardError.write(Data("applock-lock-window: \(error)\n".utf8))
        return .noDisplay
    }
    StyleSheet.apply(Style.css)
    let loop = MainLoop()
    let window = Window(title: "AppLock")
    window.setIconName("io.github.applock.Settings")
    window.onCloseRequest { [weak loop] in
        loop?.quit()
        return false
    }
    var embedding: X11Embedding?
    var controller: AnyObject?
    do {
        switch options.mode {
        case .lock(let parent):
            let lock = LockController(appID: options.appID, window: window, loop: loop, embedded: parent != nil)
            controller = lock
            if let parent {
                window.isDecorated = false
                window.addStyleClass("lock-cover")
                window.realize()
                let inside = try X11Embedding(window: window, parent: parent)
                lock.fit(width: inside.parentSize.width, height: inside.parentSize.height)
                inside.onParentDestroyed = { exit(ExitStatus.parentGone.rawValue) }
                inside.onKeyboardGrabbed = { FileHandle.standardError.write(Data("applock-lock-window: keyboard grabbed\n".utf8)) }
                window.onMap { inside.keepKeyboard() }
                embedding = inside
            } else {
                window.setDefaultSize(width: 420, height: 660)
            }
            try lock.start(appID: options.appID)
        case .setPasscode:
            let setup = SetupController(appID: options.appID, window: window, loop: loop)
            controller = setup
            window.setDefaultSize(width: 420, height: 660)
            try setup.start()
        }
    } catch let error as GtkKitError {
        FileHandle.standardError.write(Data("applock-lock-window: \(error)\n".utf8))
        return .parentGone
    } catch {
        FileHandle.standardError.write(Data("applock-lock-window: cannot reach the session bus: \(error)\n".utf8))
        return .noSessionBus
    }
    window.onMap { FileHandle.standardError.write(Data("applock-lock-window: shown\n".utf8)) }
    window.present()
    loop.run()
    withExtendedLifetime((controller, embedding)) {}
    return .done
}

exit(MainActor.assumeIsolated { runLockWindow() }.rawValue)
