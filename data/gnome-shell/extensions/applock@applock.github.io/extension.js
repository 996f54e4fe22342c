/* AppLock for GNOME Shell 43: hides the windows of apps guarded by applock-guard while they are locked.
 *
 * Only the Shell sees other apps' windows on GNOME (Wayland). This extension reports every normal window to
 * applock-guard over the session bus (io.github.applock.Guard1.Compositor.WindowEvent) and long-polls it (Poll)
 * for which windows to keep minimised and which lock window to keep above everything, on every workspace, with
 * the keyboard focus. A guarded window that comes back while covered (the overview, a notification, a click) is
 * minimised again at once. The guard decides; the extension holds no secret. */
const { Gio, GLib, Meta, Shell } = imports.gi;

const GUARD = 'io.github.applock.Guard1';
const PATH = '/io/github/applock/Guard1/Compositor';
const IFACE = 'io.github.applock.Guard1.Compositor';

class AppLockExtension {
    enable() {
        this._hidden = new Set();
        this._lockPid = 0;
        this._signals = [];
        this._guardPresent = false;
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
        for (const actor of global.get_window_actors())
            this._watch(actor.meta_window, false);
        this._watchId = Gio.bus_watch_name(Gio.BusType.SESSION, GUARD, Gio.BusNameWatcherFlags.NONE,
            () => this._guardAppeared(), () => { this._guardPresent = false; });
    }

    disable() {
        Gio.bus_unwatch_name(this._watchId);
        this._cancellable.cancel();
        for (const [object, id] of this._signals)
            object.disconnect(id);
        this._signals = [];
        this._hidden = new Set();
        this._lockPid = 0;
    }

    _connect(object, signal, handler) {
        this._signals.push([object, object.connect(signal, handler)]);
    }

    _isAppWindow(win) {
        const type = win.get_window_type();
        return type === Meta.WindowType.NORMAL || type === Meta.WindowType.DIALOG;
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
        if (!this._guardPresent)
            return;
        const args = new GLib.Variant('(ssssib)', [kind, this._id(win), this._desktopFile(win),
            win.get_wm_class() || '', win.get_pid(), win.minimized]);
        Gio.DBus.session.call(GUARD, PATH, IFACE, 'WindowEvent', args, null, Gio.DBusCallFlags.NO_AUTO_START, -1,
            null, null);
    }

    _watch(win, report = true) {
        if (!this._isAppWindow(win))
            return;
        if (report)
            this._report('added', win);
        this._connect(win, 'notify::minimized', () => {
            this._report('changed', win);
            this._enforce();
        });
        this._connect(win, 'unmanaged', () => this._report('removed', win));
        // A Wayland window gets its app id after it is created: report it again when it does.
        this._connect(win, 'notify::wm-class', () => this._report('added', win));
        this._connect(win, 'notify::gtk-application-id', () => this._report('added', win));
    }

    _guardAppeared() {
        this._guardPresent = true;
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
        if (!this._guardPresent)
            return;
        Gio.DBus.session.call(GUARD, PATH, IFACE, 'Poll', new GLib.Variant('(i)', [version]),
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
        const before = this._hidden;
        this._hidden = new Set(wanted.hide);
        this._lockPid = wanted.lockPid;
        for (const actor of global.get_window_actors()) {
            const win = actor.meta_window;
            const id = this._id(win);
            if (before.has(id) && !this._hidden.has(id) && win.minimized) {
                win.unminimize();
                if (this._lockPid === 0)
                    win.activate(global.get_current_time());
            }
        }
        this._enforce();
    }

    _enforce() {
        for (const actor of global.get_window_actors()) {
            const win = actor.meta_window;
            if (this._hidden.has(this._id(win)) && !win.minimized)
                win.minimize();
            if (this._lockPid !== 0 && win.get_pid() === this._lockPid) {
                if (!win.is_above())
                    win.make_above();
                if (!win.is_on_all_workspaces())
                    win.stick();
                if (global.display.focus_window !== win)
                    win.activate(global.get_current_time());
            }
        }
    }
}

function init() {
    return new AppLockExtension();
}
