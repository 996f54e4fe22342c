import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockPolicyStore
import AppLockProtocol
import AppLockSetupHelp
import GtkKit
import Translation

/// AppLock Settings' window and what it does: reads the policy files and the agent once a second, shows them on
/// its pages, writes each change to the file it belongs in (never to a file that does not parse) and has the
/// agent re-read at once (`ReloadPolicy`, which the guard follows), and opens the passcode window for an app. A
/// change the agent holds because it weakens an app with a passcode opens a ``PolicyConfirmationDialog`` for it.
@MainActor
final class SettingsController {
    /// The program's name in the user's language: the window's title and GLib's application name.
    static var applicationName: String { L("AppLock Settings") }

    let window = PreferencesWindow(title: SettingsController.applicationName)
    private let files: PolicyFiles
    /// Reads the files by the rule the agent and the guard follow: a broken file shows its last good version.
    private var loader: PolicyLoader
    private let monitor: AgentMonitor
    private let environment: [String: String]
    private let apps: [DesktopEntry]
    private let appsPage: AppsPage
    private let whenToLock: PolicyPage
    private let security: PolicyPage
    private let sharedPasscode: SharedPasscodeGroup
    private let recentLocks: RecentLocksPage
    private var appPages: [AppID: AppPage] = [:]
    private var openPage: AppPage?
    private var snapshot = PolicySnapshot()
    private var agent = AgentView()
    private var timer: RepeatingTimer?
    private var passcodeWindows: [AppID: SpawnedProgram] = [:]
    private var sharedPasscodeWindow: SpawnedProgram?
    private var confirmations: [AppID: PolicyConfirmationDialog] = [:]

    init(connection: AppLockConnection, environment: [String: String]) {
        self.environment = environment
        files = PolicyFiles(environment: environment)
        loader = PolicyLoader(files: files)
        monitor = AgentMonitor(connection: connection)
        apps = DesktopEntry.appGrid(in: XDGDataDirectories(environment: environment)).filter { $0.appID.rawValue != "io.github.applock.Settings" }
        appsPage = AppsPage(apps: apps)
        whenToLock = PolicyPage(title: L("When to Lock"), iconName: "preferences-system-time-symbolic", layout: [
            (L("Lock Apps When"), L("For every app; an app's own page can change them for that app"), [
                .lockOnSessionLock, .lockOnScreenSaver, .lockOnSuspend, .lockOnSessionSwitch,
            ]),
            (L("When Hidden or Idle"), L("An app is hidden when all its windows are minimised, or, if set below, not focused"), [
                .gracePeriod, .obscureInBackground, .backgroundWhen, .lockAfterIdle,
            ]),
            (L("While the Screen Is Shared"), L("Screen sharing, screen recording and remote desktop sessions the desktop reports"), [
                .lockOnScreenShare,
            ]),
            (L("Unlocking"), L("For the apps that use the AppLock passcode"), [.unlockTogether]),
        ])
        let sharedPasscode = SharedPasscodeGroup()
        self.sharedPasscode = sharedPasscode
        security = PolicyPage(title: L("Security"), iconName: "security-high-symbolic", leading: [sharedPasscode.group], layout: [
            (L("Failed Attempts"), L("For every app; after these, each wrong passcode locks the app out for a while"), [
                .maxFailedAttempts, .lockoutSchedule,
            ]),
            (L("Forgotten Passcodes"), L("The desktop's authentication dialog confirms it is you"), [
                .allowSystemAuthentication, .allowPasscodeReset,
            ]),
        ])
        recentLocks = RecentLocksPage(names: Dictionary(apps.map { ($0.appID, $0.name) }) { first, _ in first })

        window.setDefaultSize(width: 760, height: 760)
        window.isSearchEnabled = true
        window.nameSearch(button: L("Search"), field: L("Search settings"))
        window.add(appsPage.page)
        window.add(whenToLock.page)
        window.add(security.page)
        window.add(recentLocks.page)

        appsPage.onProtect = { [weak self] app, on in self?.setGuard(on, for: app) }
        appsPage.onOpen = { [weak self] app in self?.open(app) }
        appsPage.onLockAll = { [weak self] in self?.lockAll() }
        appsPage.shortcut.onChange = { [weak self] shortcut in self?.setLockAllShortcut(shortcut) }
        window.onKeyPress { [weak self] key in self?.appsPage.shortcut.keyPressed(key) ?? false }
        appsPage.heldChanges.onConfirm = { [weak self] app in self?.confirm(app) }
        whenToLock.section.onChange = { [weak self] key, value, scope in self?.write(key, value, scope) }
        security.section.onChange = { [weak self] key, value, scope in self?.write(key, value, scope) }
        sharedPasscode.onOpen = { [weak self] in self?.openSharedPasscodeWindow() }
    }

    /// Shows the window and starts following the files and the agent.
    func start() {
        refresh()
        window.present()
        let checkClipping = environment["APPLOCK_SETTINGS_CHECK_CLIPPING"] == "1"
        timer = RepeatingTimer(every: .seconds(1)) { [weak self] in
            self?.refresh()
            if checkClipping { self?.reportClippedText() }
        }
    }

    /// For the screenshot tests (APPLOCK_SETTINGS_CHECK_CLIPPING=1): one line a second on standard error naming the
    /// texts on screen that do not fit (docs/development.md).
    private func reportClippedText() {
        let clipped = window.clippedTexts()
        StandardError.line("clipped text: " + (clipped.isEmpty ? "none" : clipped.joined(separator: " | ")))
    }

    /// Re-reads the files now, and the agent (its answer comes back to the main loop).
    func refresh() {
        snapshot = PolicySnapshot(loader.load())
        show()
        monitor.read { [weak self] view in
            guard let self else { return }
            agent = view
            show()
        }
    }

    private func show() {
        let now = AppLockStatus.currentUnixMicroseconds()
        appsPage.refresh(snapshot, agent: agent, now: now)
        let file = (try? files.keyFile(.allApps)) ?? nil
        appsPage.shortcut.show(Result { () throws(KeyboardShortcutError) in
            try KeyboardShortcut.configured(KeyboardShortcut.lockAllKey, in: file, default: .lockAllDefault)
        }, report: agent.guardReport)
        whenToLock.refresh(snapshot)
        security.refresh(snapshot)
        sharedPasscode.refresh(agent)
        recentLocks.refresh(agent)
        openPage?.refresh(snapshot, agent: agent, now: now)
        for (app, dialog) in confirmations {
            if let keys = agent.heldPolicyChanges[app] {
                dialog.show(keys: keys, systemAuthenticationAllowed: systemAuthenticationAllowed(for: app))
            }
        }
    }

    // MARK: - Changes

    private func write(_ key: SettingKey, _ value: SettingValue, _ scope: PolicyFileScope) {
        change(key.policyKey.name, to: key.fileText(for: value), in: scope)
    }

    /// Locks every protected app (`LockAll`), then shows what the agent says.
    private func lockAll() {
        monitor.perform { connection in
            let locked = (try? connection.performBlocking(.lockAll)) != nil
            MainLoop.post { [weak self] in
                if !locked { self?.window.showToast(L("The apps could not be locked: AppLock's agent does not answer")) }
                self?.refresh()
            }
        }
    }

    /// Writes the shortcut that locks every protected app (`[Shortcuts] LockAll`; empty: none) and has the agent
    /// re-read, which the guard follows (`PolicyReloaded`): on X11 it grabs the new keys at once.
    private func setLockAllShortcut(_ shortcut: KeyboardShortcut?) {
        do {
            try files.set(KeyboardShortcut.lockAllKey, to: shortcut?.description ?? "", inGroup: KeyboardShortcut.fileGroup,
                          in: .allApps)
        } catch {
            window.showToast(L("Not saved: %1$s", PolicySnapshot.sentence(error)))
            return refresh()
        }
        monitor.perform { connection in
            _ = try? connection.performBlocking(.reloadPolicy)
            MainLoop.post { [weak self] in self?.refresh() }
        }
        refresh()
    }

    /// Protect on or off; switched on, it also enables a disabled AppLock GNOME Shell extension, and says so.
    private func setGuard(_ on: Bool, for app: AppID) {
        change(PolicyKey.guarded.name, to: PolicyValue.bool(on).keyFileText, in: .app(app))
        if on {
            monitor.perform { connection in
                guard let enabled = GnomeExtensionSwitch.enableIfDisabled(on: connection) else { return }
                MainLoop.post { [weak self] in
                    self?.window.showToast(enabled)
                    self?.refresh()
                }
            }
        }
        guard on, agent.running, agent.apps[app]?.hasPasscode != true else { return }
        if agent.sharedPasscodeKind != nil { useSharedPasscode(for: app) } else { openPasscodeWindow(for: app) }
    }

    /// An app protected without a passcode while the AppLock passcode is set uses it (`UseSharedPasscode`), as
    /// `applockctl guard add` does; where the agent refuses, the passcode window opens instead.
    private func useSharedPasscode(for app: AppID) {
        monitor.perform { connection in
            let used = (try? connection.performBlocking(.useSharedPasscode(app))) != nil
            MainLoop.post { [weak self] in
                guard let self else { return }
                if used {
                    window.showToast(L("%1$s uses the AppLock passcode", name(of: app)))
                } else {
                    openPasscodeWindow(for: app)
                }
                refresh()
            }
        }
    }

    /// Writes one key and has the agent re-read (the guard follows it); a file that cannot be written is said, not
    /// touched. A broken file elsewhere is shown on its page already; the agent keeps its last good version.
    private func change(_ key: String, to value: String, in scope: PolicyFileScope) {
        do {
            try files.set(key, to: value, in: scope)
        } catch {
            window.showToast(L("Not saved: %1$s", PolicySnapshot.sentence(error)))
            refresh()
            return
        }
        monitor.perform { connection in
            _ = try? connection.performBlocking(.reloadPolicy)
            guard let held = try? connection.performBlocking(.heldPolicyChanges) else { return }
            MainLoop.post { [weak self] in self?.changeApplied(key, in: scope, held: held) }
        }
        refresh()
    }

    /// After the agent read a change of `key`: where it holds that key for the app whose file changed, the
    /// confirmation opens for it; a change for every app that some apps hold is pointed at the Apps page.
    private func changeApplied(_ key: String, in scope: PolicyFileScope, held: [AppID: [String]]) {
        agent.heldPolicyChanges = held
        show()
        let waiting = held.keys.filter { held[$0]!.contains(key) }.sorted()
        if case .app(let app) = scope, waiting.contains(app) {
            confirm(app)
        } else if !waiting.isEmpty {
            window.showToast(L("The change waits for authentication for %1$s: confirm it on the Apps page", waiting.map(name(of:)).joined(separator: ", ")))
        }
    }

    /// Whether the agent's policy for `app` lets system authentication confirm its changes.
    private func systemAuthenticationAllowed(for app: AppID) -> Bool {
        agent.apps[app]?.policy[PolicyKey.allowSystemAuthentication.name] != .bool(false)
    }

    private func name(of app: AppID) -> String {
        apps.first { $0.appID == app }?.name ?? app.rawValue
    }

    /// Opens (or raises) the confirmation of the change the agent holds for `app`.
    private func confirm(_ app: AppID) {
        if let open = confirmations[app] { return open.present() }
        let dialog = PolicyConfirmationDialog(app: app, name: name(of: app), monitor: monitor, over: window)
        dialog.onConfirmed = { [weak self] sentence in
            self?.confirmations[app] = nil
            self?.window.showToast(sentence)
            self?.refresh()
        }
        dialog.window.onCloseRequest { [weak self] in
            self?.confirmations[app] = nil
            return false
        }
        confirmations[app] = dialog
        dialog.show(keys: agent.heldPolicyChanges[app] ?? [], systemAuthenticationAllowed: systemAuthenticationAllowed(for: app))
        dialog.present()
    }

    private func open(_ app: AppID) {
        guard let installed = apps.first(where: { $0.appID == app }) else { return }
        let page = appPages[app] ?? makePage(installed)
        appPages[app] = page
        openPage = page
        page.refresh(snapshot, agent: agent, now: AppLockStatus.currentUnixMicroseconds())
        window.presentSubpage(page.content)
    }

    private func makePage(_ app: DesktopEntry) -> AppPage {
        let page = AppPage(app)
        page.onBack = { [weak self] in
            self?.openPage = nil
            self?.window.closeSubpage()
        }
        page.onProtect = { [weak self] on in self?.setGuard(on, for: app.appID) }
        page.onPasscode = { [weak self] in self?.openPasscodeWindow(for: app.appID) }
        page.onSwitchPasscode = { [weak self] in self?.openPasscodeWindow(for: app.appID, switching: true) }
        page.onChange = { [weak self] key, value, scope in self?.write(key, value, scope) }
        return page
    }

    /// Opens `applock-lock-window set-passcode` for `app` (set and confirm, change, or remove; the kinds the
    /// policy allows): one flow, shared with `applockctl guard add`. The passcode never passes through here.
    /// `switching`: `switch-passcode`, from the AppLock passcode to one of its own or back.
    private func openPasscodeWindow(for app: AppID, switching: Bool = false) {
        if let running = passcodeWindows[app], running.isRunning { return }
        passcodeWindows[app] = spawnPasscodeWindow([switching ? "switch-passcode" : "set-passcode", "--app-id", app.rawValue])
    }

    /// Opens `applock-lock-window set-passcode --shared`: set, change or remove the AppLock passcode.
    private func openSharedPasscodeWindow() {
        if let running = sharedPasscodeWindow, running.isRunning { return }
        sharedPasscodeWindow = spawnPasscodeWindow(["set-passcode", "--shared"])
    }

    private func spawnPasscodeWindow(_ arguments: [String]) -> SpawnedProgram? {
        guard let executable = SiblingExecutable.installedLockWindow(environment: environment) else {
            window.showToast(L("The passcode window (applock-lock-window) is not installed"))
            return nil
        }
        do {
            return try SpawnedProgram(executable: executable, arguments: arguments) { [weak self] in self?.refresh() }
        } catch {
            window.showToast(L("Cannot open the passcode window: %1$s", error))
            return nil
        }
    }
}
