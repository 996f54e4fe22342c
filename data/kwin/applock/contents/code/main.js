// The KWin script the guard loads on KDE Plasma, 5.27 and 6 alike (the lines below, up to the first blank line, pick
// each one's window API: restore.js begins with the same lines, and the tests and the bench read them from here).
// It reports every window to the guard (`WindowEvent`), and long-polls
// the guard (`Poll`) for which windows to keep minimised and which lock window to keep above everything, on every
// desktop, with the focus, and for the window the guard activates (as the task bar does: the status item's app). A
// guarded window that comes back while covered (the task bar, a click) is reported restored
// (the guard tells that the user reached for the app and shows the lock window) and minimised again at once; a hidden
// window is fully transparent (Present Windows and the Overview draw minimised windows) and, from KWin 6.5, excluded
// from screen casts (`excludeFromCapture`, which KWin's screencast honours). The script decides nothing about the
// focus: it reports every activation (the lock window's too), that it minimised the active window (`hidden`, before
// KWin hands the focus on by itself), and every switch of desktop (`workspace`); whether an activation is the user's or
// KWin's hand-off is the guard's decision. It registers KWin's own shortcut for locking every protected app
// (`lock-all`). It keeps no focus of its own: the window the guard activates (the unlocked app's, as its lock window
// goes, and again once the lock window's own window is reported removed, since KWin then activates a window of its own
// choice) comes in the answer's `activate`. KWin activates a new Wayland window before it tells scripts the window was
// added (an X11 one after), so a window that is already active when it is added is reported activated after it is
// reported added: else
// the guard, not knowing the window yet, would miss that the user reached for a locked app, and no lock window would
// come. The next poll goes out before an answer is carried out, so that a change right after it (a lock just after an
// unlock) finds a poll already waiting. The guard's names come from GuardBusNames in AppLockProtocol (a test holds them
// to it).
const kwinPlasma6 = typeof workspace.windowList === "function";
function windowList() { return kwinPlasma6 ? workspace.windowList() : workspace.clientList(); }
function activeWindow() { return kwinPlasma6 ? workspace.activeWindow : workspace.activeClient; }
function activateWindow(w) { if (kwinPlasma6) workspace.activeWindow = w; else workspace.activeClient = w; }
const windowAdded = kwinPlasma6 ? workspace.windowAdded : workspace.clientAdded;
const windowRemoved = kwinPlasma6 ? workspace.windowRemoved : workspace.clientRemoved;
const windowActivated = kwinPlasma6 ? workspace.windowActivated : workspace.clientActivated;

const G = "io.github.applock.Guard1", P = "/io/github/applock/Guard1/Compositor", I = "io.github.applock.Guard1.Compositor";
let hidden = {};
let lockPid = 0;
function idOf(c) { return String(c.internalId); }
function report(kind, c) {
    callDBus(G, P, I, "WindowEvent", kind, idOf(c), String(c.desktopFileName || ""),
             String(c.resourceClass || ""), c.pid || 0, !!c.minimized);
}
// Present Windows and the Overview draw a minimised Wayland window's last frame: a hidden window is made
// fully transparent, its own opacity kept to give back (a window found transparent gets 1: no one chooses 0).
// From KWin 6.5 it is also excluded from screen casts (excludeFromCapture, undefined before), its own
// setting kept to give back.
let opacities = {};
let captures = {};
function conceal(c, concealed) {
    const id = idOf(c);
    if (concealed && !(id in opacities)) {
        opacities[id] = c.opacity > 0 ? c.opacity : 1;
        c.opacity = 0;
        if (c.excludeFromCapture !== undefined) {
            captures[id] = !!c.excludeFromCapture;
            c.excludeFromCapture = true;
        }
    } else if (!concealed && id in opacities) {
        c.opacity = opacities[id];
        delete opacities[id];
        if (id in captures) {
            c.excludeFromCapture = captures[id];
            delete captures[id];
        }
    }
}
function enforce() {
    for (const c of windowList()) {
        conceal(c, !!hidden[idOf(c)]);
        if (hidden[idOf(c)] && !c.minimized) {
            if (activeWindow() === c) report("hidden", c);
            c.minimized = true;
        }
        if (lockPid !== 0 && c.pid === lockPid) {
            c.keepAbove = true;
            c.onAllDesktops = true;
            if (activeWindow() !== c) activateWindow(c);
        }
    }
}
function watch(c) {
    report("added", c);
    c.minimizedChanged.connect(function () {
        if (!c.minimized) report("restored", c);
        report("changed", c);
        enforce();
    });
    // A client may name its app after mapping: the window is reported again, and the guard decides again.
    if (c.desktopFileNameChanged) c.desktopFileNameChanged.connect(function () { report("added", c); });
    if (c.windowClassChanged) c.windowClassChanged.connect(function () { report("added", c); });
}
windowList().forEach(watch);
if (activeWindow()) report("activated", activeWindow());
windowAdded.connect(function (c) {
    watch(c);
    if (activeWindow() === c) report("activated", c);
    enforce();
});
windowRemoved.connect(function (c) {
    delete opacities[idOf(c)];
    delete captures[idOf(c)];
    report("removed", c);
});
windowActivated.connect(function (c) { if (c) report("activated", c); });
workspace.currentDesktopChanged.connect(function () { callDBus(G, P, I, "WindowEvent", "workspace", "", "", "", 0, false); });
// KWin's own shortcut (Plasma's Shortcuts settings list it under KWin, where the user may change it): the guard locks
// every protected app.
registerShortcut("AppLock Lock All Now", "AppLock: Lock All Now", "Meta+Alt+L", function () {
    callDBus(G, P, I, "WindowEvent", "lock-all", "", "", "", 0, false);
});
function poll(version) {
    callDBus(G, P, I, "Poll", version, function (next, text) {
        poll(next);
        const wanted = JSON.parse(text);
        const before = hidden;
        hidden = {};
        for (const id of wanted.hide) hidden[id] = true;
        lockPid = wanted.lockPid;
        for (const c of windowList()) {
            const id = idOf(c);
            if (before[id] && !hidden[id] && c.minimized) {
                conceal(c, false);
                c.minimized = false;
            }
        }
        enforce();
        // The guard's activation, as a task bar's: the unlocked app's window gets the focus back; a hidden window
        // (the status item's app) comes back, is reported restored and minimised again.
        for (const c of windowList()) {
            if (wanted.activate === "" || idOf(c) !== wanted.activate) continue;
            c.minimized = false;
            activateWindow(c);
        }
    });
}
poll(0);
