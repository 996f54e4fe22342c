import Glibc
import GtkKit
import SystemKit
import Translation

/// Parses the command line, starts GTK and runs the chosen window until it is done.
@MainActor
func runLockWindow() -> ExitStatus {
    SecretHolding.forbidMemoryReadout()
    Translation.start()
    let options: LaunchOptions
    do {
        options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
            print(LaunchOptions.usage)
            return .done
        }
        StandardError.line(error.description)
        return .badCommandLine
    }
    let parent: UInt? = if case .lock(let parent?) = options.mode { parent } else { nil }
    let embedded = parent != nil || options.standby == .cover
    do {
        // The program name is the Wayland app id and the X11 WM_CLASS: shells find the desktop entry
        // applock-lock-window.desktop by it and show its name ("AppLock") and icon.
        try Gtk.initialize(
            programName: "applock-lock-window", applicationName: "AppLock", backend: embedded ? .x11 : nil,
            softwareRendering: true)
    } catch {
        StandardError.line("applock-lock-window: \(error)")
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
    /// Puts the lock window into the X window `parent` (a cover) and keeps the keyboard while it is shown.
    func embed(_ lock: LockController, into parent: UInt) throws(GtkKitError) {
        let inside = try X11Embedding(window: window, parent: parent)
        lock.fit(width: inside.parentSize.width, height: inside.parentSize.height)
        inside.onParentDestroyed = { exit(ExitStatus.parentGone.rawValue) }
        inside.onKeyboardGrabbed = { StandardError.line("applock-lock-window: keyboard grabbed") }
        window.onMap { inside.keepKeyboard() }
        embedding = inside
    }
    var standby: InputLines?
    do {
        switch (options.mode, options.appID) {
        case (.lock, let appID?):
            let lock = LockController(appID: appID, window: window, loop: loop, embedded: embedded)
            controller = lock
            if embedded {
                window.isDecorated = false
                window.addStyleClass("lock-cover")
                window.realize()
                if let parent { try embed(lock, into: parent) }
            } else {
                let size = defaultSize(of: window, height: 660)
                window.setDefaultSize(width: size.width, height: size.height)
                lock.fit(width: size.width, height: size.height, widest: size.widest)
                if options.layerShell, placeOnOverlay(window) { lock.placedOnOverlay() }
            }
            try lock.start(appID: appID)
            if let place = options.standby {
                // Ready ahead: everything but the first frame is done (a cover's window is realised above; a
                // toplevel's surface comes with present); nothing is drawn and no key can reach the window until the
                // guard says where it goes.
                window.prepareLayout()
                standby = InputLines(fileDescriptor: STDIN_FILENO, onLine: { line in
                    guard standby != nil else { return }
                    guard let command = StandbyCommand(line, place: place) else {
                        StandardError.line("applock-lock-window: not a show command: \(line)")
                        exit(ExitStatus.badCommandLine.rawValue)
                    }
                    standby = nil
                    if case .showInside(let parent) = command {
                        do {
                            try embed(lock, into: parent)
                        } catch {
                            StandardError.line("applock-lock-window: \(error)")
                            exit(ExitStatus.parentGone.rawValue)
                        }
                    }
                    window.present()
                }, onEnd: { if standby != nil { exit(ExitStatus.done.rawValue) } })
                StandardError.line("applock-lock-window: standing by")
            }
        case (.setPasscode, _?), (.setSharedPasscode, _), (.switchPasscode, _?):
            let setup = SetupController(
                appID: options.appID, switching: options.mode == .switchPasscode, window: window, loop: loop)
            controller = setup
            let size = defaultSize(of: window, height: 720)
            window.setDefaultSize(width: size.width, height: size.height)
            setup.fit(width: size.width, height: size.height, widest: size.widest)
            try setup.start()
        case (.lock, nil), (.setPasscode, nil), (.switchPasscode, nil):
            StandardError.line("applock-lock-window: --app-id is required")
            return .badCommandLine
        }
    } catch let error as GtkKitError {
        StandardError.line("applock-lock-window: \(error)")
        return .parentGone
    } catch {
        StandardError.line("applock-lock-window: cannot reach the session bus: \(error)")
        return .noSessionBus
    }
    window.onMap { StandardError.line("applock-lock-window: shown") }
    if options.standby == nil { window.present() }
    let clippingCheck = reportClippedText(of: window) { embedding?.parentSize }
    loop.run()
    withExtendedLifetime((controller, embedding, standby, clippingCheck)) {}
    return .done
}

/// A window of its own: 420 wide and `height` tall (the full layout with its title bar and a notice of two lines:
/// 660; with the set-up window's kinds to choose from: 720), no larger than the screen (an 800×600 one), whose layout
/// then fits in that; it may widen to the screen's width (`widest`) for what needs it.
@MainActor
func defaultSize(of window: Window, height: Int32) -> (width: Int32, height: Int32, widest: Int32) {
    let screen = window.screenSize ?? (420, height)
    return (min(420, screen.width), min(height, screen.height), screen.width)
}

/// For the screenshot tests (APPLOCK_LOCK_WINDOW_CHECK_CLIPPING=1): one line a second on standard error naming the
/// texts on screen that do not fit, as AppLock Settings' check does (docs/development.md), and the texts, keys'
/// icons and fields not wholly in view: past the edge of the window, or of the cover it is in (`cover`: its size,
/// nil for a window of its own), or scrolled away; nil otherwise.
@MainActor
func reportClippedText(of window: Window, cover: @escaping @MainActor () -> (width: Int32, height: Int32)?)
    -> RepeatingTimer?
{
    guard let check = getenv("APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"), String(cString: check) == "1" else { return nil }
    return RepeatingTimer(every: .seconds(1)) {
        let clipped = window.clippedTexts() + window.textsOutOfView(visible: cover())
        StandardError.line("clipped text: " + (clipped.isEmpty ? "none" : clipped.joined(separator: " | ")))
    }
}

/// Puts the lock window above the guard's overlay, on the overlay layer, and says whether it did; where it cannot,
/// it stays a toplevel (under the overlay, where the app stays hidden: fail closed) and says why.
@MainActor
func placeOnOverlay(_ window: Window) -> Bool {
    do {
        try LayerShell.placeOnOverlay(window, namespace: "applock-lock-window")
        StandardError.line("applock-lock-window: on the overlay layer")
        return true
    } catch {
        StandardError.line("applock-lock-window: \(error) It is an ordinary window instead.")
        return false
    }
}

exit(MainActor.assumeIsolated { runLockWindow() }.rawValue)
