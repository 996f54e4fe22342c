/* AppLock for GNOME Shell: hides the windows of apps guarded by applock-guard while they are locked.
 *
 * This is the extension's behaviour, shared by both of its generations: it is not loaded on its own. `make install`
 * (and the tests) paste it into each extension's `extension.js.in` at its `// @APPLOCK_BEHAVIOUR@` line:
 * applock@applock.github.io is the ES module GNOME 45 and later load, applock-gnome43@applock.github.io the
 * `imports` script of GNOME 43 and 44. Each provides the names used here: Gio, GLib, GObject, Clutter, Meta, Shell,
 * the Shell's Main, MessageTray, PopupMenu and QuickSettings, and gettext's `_` and `ngettext` of the `applock`
 * domain.
 *
 * Only the Shell sees other apps' windows on GNOME (Wayland). This extension reports every normal window to
 * applock-guard over the session bus (io.github.applock.Guard1.Compositor.WindowEvent) and long-polls it (Poll)
 * for which windows to keep minimised and which lock window to keep above everything, on every workspace, with
 * the keyboard focus. A guarded window that comes back while covered (the overview, Alt+Tab, a notification, a
 * click) is minimised again at once, without the Shell's minimise animation (which would show the window's
 * content shrinking for 400 ms), and the lock window takes the focus back. A covered window's content is also
 * made transparent, so that the overview's previews of minimised windows show none of it. The guard starts the
 * lock window without an activation token, so the Shell would not give it the focus on its own: the extension
 * activates it and centres it on its monitor. The extension decides nothing about the focus: it reports every focus
 * move to a window (the lock window's too), that it minimised the focused window ('hidden', before the Shell focuses
 * another window or none by itself) or a window before it was ever on screen ('opened-hidden'), every window
 * restored, and every switch of workspace; whether a focus move is the user's or the Shell's hand-off is the guard's
 * decision, and so is the window to focus ('activate', in the guard's answer). The notifications of the apps the
 * guard names show no content (NotificationPrivacy, below). The guard decides; the extension holds no secret.
 *
 * It also tells the agent while the screen is shared or recorded (ReportScreenShare), see _watchScreenShare, and puts
 * AppLock's toggle into Quick Settings (LockMenu, below). */
const GUARD = 'io.github.applock.Guard1';
const PATH = '/io/github/applock/Guard1/Compositor';
const IFACE = 'io.github.applock.Guard1.Compositor';
const AGENT = 'io.github.applock.AppLock1';
const AGENT_PATH = '/io/github/applock/AppLock1';
const AGENT_IFACE = 'io.github.applock.AppLock1.Manager';

/* Clutter 46 and later announce a new child as ClutterActor::child-added; 43 to 45 as ClutterContainer's
 * actor-added. */
const CHILD_ADDED = GObject.signal_lookup('child-added', Clutter.Actor.$gtype) ? 'child-added' : 'actor-added';

class AppLock {
    /* `settings` gives the extension's GSettings (org.gnome.shell.extensions.applock, compiled into its schemas/ folder
     * at install): each generation's own way to get them, asked for in enable(). */
    constructor(settings) {
        this._getSettings = settings;
    }

    enable() {
        this._hidden = new Set();
        this._lockPid = 0;
        this._shown = new WeakSet();
        this._openReported = new WeakSet();
        this._centred = new WeakSet();
        this._signals = [];
        this._guard = null;
        this._notificationPrivacy = new NotificationPrivacy();
        this._cancellable = new Gio.Cancellable();
        this._connect(global.display, 'window-created', (display, win) => {
            this._watch(win);
            this._enforce();
        });
        this._connect(global.display, 'notify::focus-window', () => {
            const win = global.display.focus_window;
            if (win && this._isAppWindow(win))
                this._report('activated', win);
            this._enforce();
        });
        this._connect(global.workspace_manager, 'active-workspace-changed', () => {
            if (this._guard) {
                Gio.DBus.session.call(this._guard, PATH, IFACE, 'WindowEvent',
                    new GLib.Variant('(ssssib)', ['workspace', '', '', '', 0, false]), null,
                    Gio.DBusCallFlags.NO_AUTO_START, -1, null, null);
            }
        });
        for (const actor of global.get_window_actors()) {
            this._shown.add(actor.meta_window);
            this._watch(actor.meta_window, false);
        }
        this._watchId = Gio.bus_watch_name(Gio.BusType.SESSION, GUARD, Gio.BusNameWatcherFlags.NONE,
            (bus, name, owner) => this._checkGuard(owner), () => { this._guard = null; });
        this._watchScreenShare();
        // The shortcut that locks every protected app (the settings' lock-all key, Super+Alt+L, kept to the one chosen
        // in AppLock Settings as the guard gives it): the guard is told, as KWin's script tells it, and asks LockAll.
        this._settings = this._getSettings();
        Main.wm.addKeybinding('lock-all', this._settings, Meta.KeyBindingFlags.IGNORE_AUTOREPEAT,
            Shell.ActionMode.NORMAL | Shell.ActionMode.OVERVIEW | Shell.ActionMode.POPUP, () => this._lockAll());
        this._lockMenu = new LockMenu(app => this._reach(app));
    }

    _lockAll() {
        if (this._guard) {
            Gio.DBus.session.call(this._guard, PATH, IFACE, 'WindowEvent',
                new GLib.Variant('(ssssib)', ['lock-all', '', '', '', 0, false]), null,
                Gio.DBusCallFlags.NO_AUTO_START, -1, null, null);
        }
    }

    /* The user reaching for the locked or obscured `app` from Quick Settings, as from the dash: its most recent window is
     * activated (the guard hears it 'restored' and brings up its lock window, and the window is minimised again at
     * once); an app with no window open is started, and the guard covers it with its lock window as it opens. */
    _reach(app) {
        const windows = global.get_window_actors().map(actor => actor.meta_window)
            .filter(win => this._isAppWindow(win) && this._desktopFile(win) === app)
            .sort((a, b) => b.get_user_time() - a.get_user_time());
        if (windows.length > 0) {
            Main.activateWindow(windows[0]);
            return;
        }
        const shellApp = Shell.AppSystem.get_default().lookup_app(`${app}.desktop`);
        if (shellApp)
            shellApp.activate();
        else
            log(`AppLock: ${app} has no window and no desktop file to start it from`);
    }

    disable() {
        this._lockMenu.destroy();
        this._lockMenu = null;
        Main.wm.removeKeybinding('lock-all');
        this._settings = null;
        Gio.bus_unwatch_name(this._watchId);
        this._unwatchScreenShare();
        this._cancellable.cancel();
        for (const [object, id] of this._signals)
            object.disconnect(id);
        this._signals = [];
        for (const actor of global.get_window_actors())
            this._conceal(actor, false);
        this._hidden = new Set();
        this._lockPid = 0;
        this._notificationPrivacy.destroy();
        this._notificationPrivacy = null;
    }

    _connect(object, signal, handler) {
        this._signals.push([object, object.connect(signal, handler)]);
    }

    /* An app's own windows: normal ones, dialogs (modal or not: GTK's modal dialogs are MODAL_DIALOG) and
     * utility windows (palettes, tool boxes); not menus, tooltips, docks or the desktop. */
    _isAppWindow(win) {
        return [Meta.WindowType.NORMAL, Meta.WindowType.DIALOG, Meta.WindowType.MODAL_DIALOG,
            Meta.WindowType.UTILITY].includes(win.get_window_type());
    }

    _id(win) {
        return String(win.get_id());
    }

    _desktopFile(win) {
        const app = Shell.WindowTracker.get_default().get_window_app(win);
        const id = app ? app.get_id() || '' : '';
        if (id.endsWith('.desktop'))
            return id.slice(0, -'.desktop'.length);
        return win.get_gtk_application_id() || '';
    }

    _report(kind, win) {
        if (!this._guard)
            return;
        // A window kept minimised for a guard is one the user had on screen, and is reported so: a guard that has
        // just started (after a crash) knows nothing of it yet, and must cover it, and bring it back on unlock.
        const minimized = win.minimized && !this._hidden.has(this._id(win));
        const args = new GLib.Variant('(ssssib)', [kind, this._id(win), this._desktopFile(win),
            win.get_wm_class() || '', win.get_pid(), minimized]);
        Gio.DBus.session.call(this._guard, PATH, IFACE, 'WindowEvent', args, null, Gio.DBusCallFlags.NO_AUTO_START, -1,
            null, null);
    }

    _watch(win, report = true) {
        if (!this._isAppWindow(win))
            return;
        // The lock window is placed and focused once it is on screen, and centred again when its size changes.
        this._connect(win, 'shown', () => {
            this._shown.add(win);
            this._enforce();
        });
        this._connect(win, 'size-changed', () => {
            if (this._isLockWindow(win))
                this._centre(win);
        });
        if (report)
            this._report('added', win);
        this._connect(win, 'notify::minimized', () => {
            // A covered window brought back (Alt+Tab, the dash, a notification) is the user reaching for the app: the
            // guard tells, and shows its lock window; the window itself is minimised again at once.
            if (!win.minimized)
                this._report('restored', win);
            this._report('changed', win);
            this._enforce();
        });
        const actor = win.get_compositor_private();
        if (actor) {
            this._connect(actor, CHILD_ADDED, () => this._conceal(actor, this._hidden.has(this._id(win))));
            // A closed window's actor is disposed with its handlers: forgotten, not disconnected in disable().
            this._connect(actor, 'destroy', () => {
                this._signals = this._signals.filter(([object]) => object !== actor);
            });
        }
        this._connect(win, 'unmanaged', () => this._report('removed', win));
        // A Wayland window gets its app id after it is created: report it again when it does.
        this._connect(win, 'notify::wm-class', () => this._report('added', win));
        this._connect(win, 'notify::gtk-application-id', () => this._report('added', win));
    }

    /* The guard's name has a new owner: it is obeyed only when it is the applock-guard program (its executable's
     * file name), so that another program taking the name cannot tell the Shell to bring a hidden window back.
     * Every call then goes to that owner's unique name, never to whoever owns the name later. */
    _checkGuard(owner) {
        this._guard = null;
        this._candidate = owner;
        Gio.DBus.session.call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
            'GetConnectionUnixProcessID', new GLib.Variant('(s)', [owner]), new GLib.VariantType('(u)'),
            Gio.DBusCallFlags.NONE, -1, this._cancellable, (bus, result) => {
                let pid, program = '';
                try {
                    [pid] = bus.call_finish(result).deep_unpack();
                    program = GLib.path_get_basename(GLib.file_read_link(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ''));
                } catch (e) {
                    // the owner left meanwhile, or the extension was disabled
                }
                if (this._cancellable.is_cancelled() || this._candidate !== owner)
                    return;
                if (program !== 'applock-guard') {
                    log(`AppLock: ignoring ${GUARD}: its owner ${owner} (process ${pid}, ${program || 'unknown'}) is not applock-guard`);
                    return;
                }
                this._guardAppeared(owner);
            });
    }

    _guardAppeared(owner) {
        this._guard = owner;
        // A guard that has just started may not know every window yet: its first answer hides, never uncovers.
        this._newGuard = true;
        for (const actor of global.get_window_actors()) {
            if (this._isAppWindow(actor.meta_window))
                this._report('added', actor.meta_window);
        }
        const focus = global.display.focus_window;
        if (focus && this._isAppWindow(focus))
            this._report('activated', focus);
        this._poll(0);
    }

    _poll(version) {
        if (!this._guard)
            return;
        Gio.DBus.session.call(this._guard, PATH, IFACE, 'Poll', new GLib.Variant('(i)', [version]),
            new GLib.VariantType('(is)'), Gio.DBusCallFlags.NO_AUTO_START, -1, this._cancellable, (bus, result) => {
                let answer;
                try {
                    answer = bus.call_finish(result).deep_unpack();
                } catch (e) {
                    return; // the guard went away (a new one is seen by the name watch) or the extension was disabled
                }
                this._apply(JSON.parse(answer[1]));
                this._poll(answer[0]);
            });
    }

    _apply(wanted) {
        const before = this._newGuard ? new Set() : this._hidden;
        this._newGuard = false;
        this._hidden = new Set(wanted.hide);
        this._lockPid = wanted.lockPid;
        this._notificationPrivacy.setPrivateApps(wanted.hideNotifications || []);
        for (const actor of global.get_window_actors()) {
            const win = actor.meta_window;
            const id = this._id(win);
            if (before.has(id) && !this._hidden.has(id) && win.minimized)
                win.unminimize();
        }
        this._enforce();
        // The guard's activation, as the dash's: the unlocked app's window gets the focus back (as its lock window
        // goes, and again once the lock window is reported removed); a hidden window (the status item's app) comes
        // back, is reported restored and is minimised again. The extension keeps no focus of its own.
        const chosen = wanted.activate ? global.get_window_actors().map(actor => actor.meta_window)
            .find(win => this._id(win) === wanted.activate) : null;
        if (chosen)
            Main.activateWindow(chosen);
        // Last: hiding never waits on the settings.
        this._followLockAllShortcut(wanted.lockAll);
    }

    /* The shortcut the user chose in AppLock Settings (applock.conf), as the guard gives it: the settings' lock-all key
     * follows it, and Mutter binds the key's new value at once; '' is none, undefined an older guard's silence. */
    _followLockAllShortcut(accelerator) {
        if (accelerator === undefined || !this._settings)
            return;
        const wanted = accelerator ? [accelerator] : [];
        const bound = this._settings.get_strv('lock-all');
        if (bound.length !== wanted.length || bound.some((key, i) => key !== wanted[i]))
            this._settings.set_strv('lock-all', wanted);
    }

    _isLockWindow(win) {
        return this._lockPid !== 0 && win.get_pid() === this._lockPid;
    }

    _enforce() {
        for (const actor of global.get_window_actors()) {
            const win = actor.meta_window;
            this._conceal(actor, this._hidden.has(this._id(win)));
            if (this._hidden.has(this._id(win)) && !win.minimized) {
                Main.wm.skipNextEffect(actor);
                const focused = global.display.focus_window === win;
                // Before the Shell moves the focus (it may, inside minimize()).
                if (focused)
                    this._report('hidden', win);
                win.minimize();
                // A window the Shell would not minimise keeps the focus: the guard hears so.
                if (focused && !win.minimized)
                    this._report('activated', win);
                // A window hidden before it was ever on screen (it would have opened in front): the guard tells
                // what that means. Once (a window the Shell will not minimise, such as some utility windows, stays
                // unminimised, and must not report it again and again).
                if (!this._shown.has(win) && !this._openReported.has(win)) {
                    this._openReported.add(win);
                    this._report('opened-hidden', win);
                }
            }
        }
        for (const actor of global.get_window_actors()) {
            const win = actor.meta_window;
            if (!this._isLockWindow(win) || win.minimized || !this._shown.has(win))
                continue;
            if (!win.is_above())
                win.make_above();
            if (!win.is_on_all_workspaces())
                win.stick();
            if (!this._centred.has(win) && this._centre(win))
                this._centred.add(win);
            // Not Main.activateWindow, which would also close the overview whenever the focus moves.
            if (global.display.focus_window !== win)
                win.activate(global.get_current_time());
        }
    }

    /* A minimised window is still drawn by its clones: the Activities overview's window previews and workspace
     * thumbnails, the window switcher. A clone paints its source actor's children, so a covered window's surfaces
     * (the window actor's children) are made fully transparent: every clone shows an empty frame. */
    _conceal(actor, concealed) {
        const opacity = concealed ? 0 : 255;
        for (const child of actor.get_children()) {
            if (child.opacity !== opacity)
                child.opacity = opacity;
        }
    }

    _centre(win) {
        const area = win.get_work_area_current_monitor();
        const frame = win.get_frame_rect();
        if (frame.width === 0 || frame.height === 0)
            return false;
        const x = area.x + Math.max(0, Math.floor((area.width - frame.width) / 2));
        const y = area.y + Math.max(0, Math.floor((area.height - frame.height) / 2));
        if (frame.x !== x || frame.y !== y)
            win.move_frame(true, x, y);
        return true;
    }

    /* Screen sharing. Every remote-access session Mutter announces counts while it lasts: a screen cast (the portal's
     * screen sharing, the Shell's own screen recorder) and a remote desktop session. The extension tells the agent
     * itself (ReportScreenShare), which obscures or locks the apps whose LockOnScreenShare says so, and covers nothing
     * itself: the guard covers them as for any other obscure or lock. The agent keeps the report as the Shell's own
     * (its bus connection's): another client's "ended" cannot end it, and it ends when the Shell says so or leaves
     * the bus. Mutter announces only new sessions, so on enable the sessions the Shell's own indicators already
     * follow are taken over; disabling reports nothing, leaving the agent's last report in force. */
    _watchScreenShare() {
        this._shares = new Map();
        const controller = global.backend.get_remote_access_controller();
        if (controller)
            this._connect(controller, 'new-handle', (c, handle) => this._shareStarted(handle));
        const status = Main.panel.statusArea;
        for (const handles of [status.screenSharing?._handles, status.quickSettings?._remoteAccess?._handles]) {
            for (const handle of handles ?? [])
                this._shareStarted(handle);
        }
        // A new agent knows nothing of the sharing: tell it once it is on the bus.
        this._agentWatchId = Gio.bus_watch_name(Gio.BusType.SESSION, AGENT, Gio.BusNameWatcherFlags.NONE,
            () => this._reportScreenShare(), null);
    }

    _unwatchScreenShare() {
        Gio.bus_unwatch_name(this._agentWatchId);
        for (const [handle, id] of this._shares)
            handle.disconnect(id);
        this._shares = new Map();
    }

    _shareStarted(handle) {
        if (this._shares.has(handle))
            return;
        this._shares.set(handle, handle.connect('stopped', () => {
            handle.disconnect(this._shares.get(handle));
            this._shares.delete(handle);
            this._reportScreenShare();
        }));
        this._reportScreenShare();
    }

    _reportScreenShare() {
        Gio.DBus.session.call(AGENT, AGENT_PATH, AGENT_IFACE, 'ReportScreenShare',
            new GLib.Variant('(sb)', ['gnome-shell', this._shares.size > 0]), null, Gio.DBusCallFlags.NO_AUTO_START, -1,
            null, null);
    }
}

/* The notifications of a locked app show no content. The guard names the desktop ids whose notifications must be
 * private (Poll's `hideNotifications`: its guarded apps that are obscured or locked and whose HideNotifications is
 * true). Their notifications, from org.freedesktop.Notifications senders (matched by the desktop-entry hint or the
 * sender's window) and from GNotification senders (org.gtk.Notifications, by app id), say only the app's name and
 * "Locked", with no picture of their own (the source shows the app's icon), before anything draws them: banners, the
 * message list and the lock screen all read the notification itself. GNOME 46 and later head each notification with
 * its app's name, so there the title is "Locked" and the body "New notification"; before, the title is the app's
 * name and the body "Locked". Their own content is kept here and put back when the app is no longer named, if the
 * notification is still there; an update the app sends meanwhile replaces what is kept. GNOME 43 to 45 write a notification's content with Notification.update(); 46 and
 * later make it GObject properties, which the daemons write with set(). */
// In the Shell's language: the `applock` catalogue (share/locale/<ll>/LC_MESSAGES/applock.mo); `_` is each
// extension.js's own (make install pastes this file into both). Looked up when shown, once the extension has bound
// its catalogue (initTranslations), not when this file loads.
// TRANSLATORS: what a locked app's notification says in place of its content.
const locked = () => _('Locked');
// TRANSLATORS: the body of a locked app's notification, under "Locked".
const newNotification = () => _('New notification');

class NotificationPrivacy {
    constructor() {
        this._privateApps = new Set();
        // Each masked notification's own content, as its app last sent it.
        this._own = new WeakMap();
        const privacy = this;
        const prototype = MessageTray.Notification.prototype;
        this._prototype = prototype;
        if (typeof prototype.update === 'function') {
            const update = prototype.update;
            this._method = 'update';
            this._original = Object.getOwnPropertyDescriptor(prototype, 'update');
            this._write = (notification, content) => update.call(notification, content.title, content.banner,
                content.params);
            prototype.update = function (title, banner, params = {}) {
                const app = privacy._privateApp(this);
                if (!app) {
                    privacy._own.delete(this);
                    return update.call(this, title, banner, params);
                }
                privacy._own.set(this, {title, banner, params});
                this.gicon = null;
                this.secondaryGIcon = null;
                return update.call(this, ...privacy._masked(app, params));
            };
        } else {
            const set = prototype.set;
            this._method = 'set';
            this._original = Object.getOwnPropertyDescriptor(prototype, 'set');
            this._write = (notification, content) => set.call(notification, content);
            prototype.set = function (properties) {
                const app = privacy._privateApp(this);
                if (!app) {
                    privacy._own.delete(this);
                    return set.call(this, properties);
                }
                const own = privacy._own.get(this) || privacy._contentOf(this);
                for (const key of Object.keys(own)) {
                    if (key in properties)
                        own[key] = properties[key];
                }
                privacy._own.set(this, own);
                return set.call(this, Object.assign({}, properties, privacy._masked(app)));
            };
        }
    }

    destroy() {
        this.setPrivateApps([]);
        if (this._original)
            Object.defineProperty(this._prototype, this._method, this._original);
        else
            delete this._prototype[this._method];
    }

    /* Masks the notifications of the apps `ids` names, and puts back the content of the others. */
    setPrivateApps(ids) {
        this._privateApps = new Set(ids);
        for (const source of Main.messageTray.getSources()) {
            for (const notification of source.notifications || []) {
                const app = this._privateApp(notification);
                const own = this._own.get(notification);
                if (app && !own) {
                    this._own.set(notification, this._contentOf(notification));
                    this._write(notification, this._withTime(notification, this._masked(app, {})));
                } else if (!app && own) {
                    this._own.delete(notification);
                    this._write(notification, this._withTime(notification, own));
                }
            }
        }
    }

    /* The Shell.App of the notification's source when the guard names it, else null. */
    _privateApp(notification) {
        const source = notification.source;
        const app = source ? source.app || source._app || null : null;
        if (!app || this._privateApps.size === 0)
            return null;
        const id = (app.get_id() || '').replace(/\.desktop$/, '');
        return this._privateApps.has(id) ? app : null;
    }

    /* What a masked notification shows, in the form the Shell's generation writes (update()'s arguments or set()'s
     * properties). */
    _masked(app, params) {
        if (this._method === 'update') {
            return [app.get_name(), locked(), Object.assign({}, params, {
                gicon: null, secondaryGIcon: null, bannerMarkup: false,
            })];
        }
        return {title: locked(), body: newNotification(), gicon: null, useBodyMarkup: false};
    }

    /* The notification's content as it shows now. */
    _contentOf(notification) {
        if (this._method === 'update') {
            return {title: notification.title, banner: notification.bannerBodyText, params: {
                gicon: notification.gicon || null, secondaryGIcon: notification.secondaryGIcon || null,
                bannerMarkup: notification.bannerBodyMarkup, soundName: notification._soundName || null,
                soundFile: notification._soundFile || null,
            }};
        }
        return {title: notification.title, body: notification.body, gicon: notification.gicon,
            useBodyMarkup: notification.useBodyMarkup};
    }

    /* `content` to write over a notification already shown, keeping its time (and, before GNOME 46, its actions and
     * picture as `content` says them, not cleared). */
    _withTime(notification, content) {
        if (this._method === 'update') {
            const [title, banner, params] = Array.isArray(content)
                ? content : [content.title, content.banner, content.params];
            notification.gicon = params.gicon || null;
            notification.secondaryGIcon = params.secondaryGIcon || null;
            return {title, banner, params: Object.assign({}, params, {clear: false, datetime: notification.datetime})};
        }
        return Object.assign({}, content, {datetime: notification.datetime});
    }
}

/* AppLock's toggle in GNOME's Quick Settings (43 to 51), with the status item's menu (the guard's
 * StatusNotifierItem): "Lock All Now", each app the agent knows with its state (choosing an unlocked one locks it,
 * a locked or obscured one brings up its lock window, as choosing it in the status item's menu does), and "AppLock
 * Settings". The toggle is on while every app the agent knows is locked or its content hidden: what a GNOME user
 * reads from a toggle is "this is in force", here "my apps are locked". A click on it while off locks them all; a
 * click cannot turn it off (unlocking takes each app's passcode, in its lock window), so while on it opens the menu.
 * It reads the agent's ListApplications when the agent comes onto the bus, and again when its Applications change or
 * it reloads its policy; StateChanged keeps each state: nothing runs while nothing changes. On the lock screen (the
 * unlock-dialog session mode, where the extension stays enabled) the toggle is hidden: it would tell which apps
 * are protected. The words are the `applock` catalogue's, as the status item's are.
 *
 * GNOME 43 has the toggle's `label`, 44 and later `title` and `subtitle`; 45 and later take an extension's indicator
 * with addExternalIndicator, 43 and 44 in the panel's own _indicators and _addItems. */
const LOCK_ICON = 'system-lock-screen-symbolic';
const SETTINGS_APP = 'io.github.applock.Settings.desktop';

// TRANSLATORS: the status item's menu and GNOME's Quick Settings: locks every protected app at once.
const lockAllNow = () => _('Lock All Now');
const appLockSettings = () => _('AppLock Settings');
const appWithState = (name, state) => {
    switch (state) {
    case 'unlocked':
        // TRANSLATORS: the status item's menu: %1$s is an app's name, followed by its state.
        return _('%1$s — Unlocked').replace('%1$s', name);
    case 'obscured':
        // TRANSLATORS: the status item's menu: %1$s is an app's name; its content is hidden (no passcode needed).
        return _('%1$s — Content hidden').replace('%1$s', name);
    default:
        // TRANSLATORS: the status item's menu: %1$s is an app's name, followed by its state.
        return _('%1$s — Locked').replace('%1$s', name);
    }
};
const toggleSubtitle = (apps, unlocked) => {
    if (apps === 0)
        // TRANSLATORS: GNOME's Quick Settings, under "AppLock": the agent knows no app.
        return _('No protected apps');
    if (unlocked === 0)
        // TRANSLATORS: GNOME's Quick Settings, under "AppLock": every protected app is locked (or its content hidden).
        return _('All locked');
    // TRANSLATORS: GNOME's Quick Settings, under "AppLock": how many protected apps are unlocked now.
    return ngettext('%d unlocked', '%d unlocked', unlocked).replace('%d', String(unlocked));
};

class LockMenu {
    /* `reach` brings up the lock window of a locked or obscured app. */
    constructor(reach) {
        this._reach = reach;
        this._apps = [];
        this._listing = 0;
        const hasProperty = name => GObject.Object.find_property.call(QuickSettings.QuickMenuToggle, name) !== null;
        this._hasSubtitle = hasProperty('subtitle');
        this._toggle = new QuickSettings.QuickMenuToggle({
            [hasProperty('title') ? 'title' : 'label']: 'AppLock', iconName: LOCK_ICON,
        });
        this._toggle.connect('clicked', () => {
            if (this._toggle.checked)
                this._toggle.menu.open();
            else
                this._call('LockAll', null);
        });
        const menu = this._toggle.menu;
        const lockAll = new PopupMenu.PopupMenuItem(lockAllNow());
        lockAll.connect('activate', () => this._chosen(() => this._call('LockAll', null)));
        menu.addMenuItem(lockAll);
        menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
        this._appSection = new PopupMenu.PopupMenuSection();
        menu.addMenuItem(this._appSection);
        this._appSeparator = new PopupMenu.PopupSeparatorMenuItem();
        menu.addMenuItem(this._appSeparator);
        const settings = new PopupMenu.PopupMenuItem(appLockSettings());
        settings.connect('activate', () => this._chosen(() => this._openSettings()));
        menu.addMenuItem(settings);

        this._indicator = new QuickSettings.SystemIndicator();
        this._indicator.quickSettingsItems.push(this._toggle);
        const panel = Main.panel.statusArea.quickSettings;
        if (typeof panel.addExternalIndicator === 'function') {
            panel.addExternalIndicator(this._indicator);
        } else {
            panel._indicators.insert_child_at_index(this._indicator, 0);
            panel._addItems(this._indicator.quickSettingsItems);
            // GNOME 44 keeps its background apps last.
            const last = panel._backgroundApps?.quickSettingsItems?.[0];
            if (last)
                panel.menu._grid.set_child_below_sibling(this._toggle, last);
        }
        this._sessionModeId = Main.sessionMode.connect('updated', () => this._syncSessionMode());
        this._syncSessionMode();

        this._subscriptions = [
            this._subscribe(AGENT_IFACE, 'StateChanged', parameters => {
                const [app, state] = parameters.deep_unpack();
                const known = this._apps.find(entry => entry.app === app);
                if (known) {
                    known.state = state;
                    this._sync();
                } else {
                    this._list();
                }
            }),
            this._subscribe(AGENT_IFACE, 'PolicyReloaded', () => this._list()),
            this._subscribe('org.freedesktop.DBus.Properties', 'PropertiesChanged', parameters => {
                const [, changed, invalidated] = parameters.deep_unpack();
                if ('Applications' in changed || invalidated.includes('Applications'))
                    this._list();
            }),
        ];
        this._agentWatchId = Gio.bus_watch_name(Gio.BusType.SESSION, AGENT, Gio.BusNameWatcherFlags.NONE,
            () => this._list(), () => {
                this._listing++;
                this._apps = [];
                this._sync();
            });
        this._sync();
    }

    destroy() {
        Gio.bus_unwatch_name(this._agentWatchId);
        for (const id of this._subscriptions)
            Gio.DBus.session.signal_unsubscribe(id);
        Main.sessionMode.disconnect(this._sessionModeId);
        this._listing++;
        // The toggle's menu lives in Quick Settings' overlay, not inside the toggle: it goes first.
        this._toggle.menu.destroy();
        for (const item of this._indicator.quickSettingsItems)
            item.destroy();
        this._indicator.destroy();
    }

    _subscribe(iface, member, handler) {
        return Gio.DBus.session.signal_subscribe(AGENT, iface, member, AGENT_PATH, null, Gio.DBusSignalFlags.NONE,
            (connection, sender, path, i, signal, parameters) => handler(parameters));
    }

    _syncSessionMode() {
        this._toggle.visible = !Main.sessionMode.isLocked;
    }

    /* Every app the agent knows, with its state and the name its desktop file gives (else its id), by name. */
    _list() {
        const listing = ++this._listing;
        Gio.DBus.session.call(AGENT, AGENT_PATH, AGENT_IFACE, 'ListApplications', null,
            new GLib.VariantType('(a(sss))'), Gio.DBusCallFlags.NO_AUTO_START, -1, null, (bus, result) => {
                let apps;
                try {
                    [apps] = bus.call_finish(result).deep_unpack();
                } catch (e) {
                    log(`AppLock: cannot list the apps: ${e.message}`);
                    return;
                }
                if (listing !== this._listing)
                    return;
                const appSystem = Shell.AppSystem.get_default();
                this._apps = apps.map(([app, state]) => {
                    const shellApp = appSystem.lookup_app(`${app}.desktop`);
                    return {app, state, name: shellApp ? shellApp.get_name() : app};
                }).sort((a, b) => a.name === b.name ? (a.app < b.app ? -1 : 1) : a.name.localeCompare(b.name));
                this._sync();
            });
    }

    _sync() {
        const unlocked = this._apps.filter(entry => entry.state === 'unlocked').length;
        const subtitle = toggleSubtitle(this._apps.length, unlocked);
        this._toggle.checked = this._apps.length > 0 && unlocked === 0;
        if (this._hasSubtitle)
            this._toggle.subtitle = subtitle;
        this._toggle.menu.setHeader(LOCK_ICON, 'AppLock', subtitle);
        this._appSection.removeAll();
        for (const entry of this._apps) {
            const item = new PopupMenu.PopupMenuItem(appWithState(entry.name, entry.state));
            const {app, state} = entry;
            item.connect('activate', () => this._chosen(() => {
                if (state === 'unlocked')
                    this._call('Lock', new GLib.Variant('(s)', [app]));
                else
                    this._reach(app);
            }));
            this._appSection.addMenuItem(item);
        }
        this._appSeparator.visible = this._apps.length > 0;
    }

    /* A menu item was chosen: Quick Settings closes, as the status item's menu does, and `action` is carried out. */
    _chosen(action) {
        Main.panel.statusArea.quickSettings.menu.close();
        action();
    }

    _call(method, parameters) {
        Gio.DBus.session.call(AGENT, AGENT_PATH, AGENT_IFACE, method, parameters, null, Gio.DBusCallFlags.NO_AUTO_START,
            -1, null, (bus, result) => {
                try {
                    bus.call_finish(result);
                } catch (e) {
                    log(`AppLock: ${method} failed: ${e.message}`);
                }
            });
    }

    _openSettings() {
        const settings = Shell.AppSystem.get_default().lookup_app(SETTINGS_APP);
        if (settings)
            settings.activate();
        else
            log(`AppLock: ${SETTINGS_APP} is not installed`);
    }
}
