// Runs the AppLock KWin script (the file named by argv[2]) in node against a fake KWin (Plasma 6's scripting API:
// workspace.windowList(), activeWindow, the windowAdded/windowRemoved/windowActivated signals, callDBus,
// registerShortcut), then the
// steps of the scenario read from stdin (JSON), and prints what the script did as JSON lines: each call it made
// ({"call": "WindowEvent" | "Poll", "args": [...]}) and, after each step, the windows as the compositor holds them
// ({"state": {...}, "active": id}). KWinScriptTests feeds it. Steps:
//   {"add": {id, desktopFileName, resourceClass, pid, minimized}, "active": bool}   a window maps (active: KWin
//       activated it before telling scripts, as for a Wayland window)
//   {"activate": id}          KWin or the user activates the window
//   {"restore": id}           the window is restored (the task bar, a click)
//   {"remove": id}            the window is gone
//   {"switchDesktop": true}   the current virtual desktop changes
//   {"answer": [next, wanted]} the guard answers the script's poll that is waiting
//   {"shortcut": name}        the user presses the shortcut the script registered under that name
// A shortcut the script registers is printed as {"shortcut": {name, text, keys}}.
"use strict";
const fs = require("fs");
const vm = require("vm");

function signal() {
    const handlers = [];
    return { connect(f) { handlers.push(f); }, emit(...a) { for (const f of handlers.slice()) f(...a); } };
}

const out = [];
const windows = [];
let active = null;
const workspace = {
    windowAdded: signal(), windowRemoved: signal(), windowActivated: signal(), currentDesktopChanged: signal(),
    windowList() { return windows.slice(); },
    get activeWindow() { return active; },
    set activeWindow(w) {
        if (active === w) return;
        active = w;
        workspace.windowActivated.emit(w);
    },
};

function makeWindow(spec) {
    let minimized = !!spec.minimized;
    const w = {
        internalId: spec.id, desktopFileName: spec.desktopFileName || "", resourceClass: spec.resourceClass || "",
        pid: spec.pid || 0, opacity: 1, keepAbove: false, onAllDesktops: false, excludeFromCapture: false,
        minimizedChanged: signal(), desktopFileNameChanged: signal(), windowClassChanged: signal(),
        get minimized() { return minimized; },
        set minimized(value) {
            if (minimized === !!value) return;
            minimized = !!value;
            w.minimizedChanged.emit();
        },
    };
    return w;
}

let pendingPoll = null;
function callDBus(service, path, iface, method, ...args) {
    const callback = typeof args[args.length - 1] === "function" ? args.pop() : null;
    out.push({ call: method, service, path, iface, args });
    if (method === "Poll") pendingPoll = callback;
}

const shortcuts = {};
function registerShortcut(name, text, keys, callback) {
    shortcuts[name] = callback;
    out.push({ shortcut: { name, text, keys } });
}

function byId(id) { return windows.find((w) => w.internalId === id); }
function state() {
    const s = {};
    for (const w of windows) {
        s[w.internalId] = { minimized: w.minimized, opacity: w.opacity, keepAbove: w.keepAbove,
            onAllDesktops: w.onAllDesktops, excludeFromCapture: w.excludeFromCapture };
    }
    return { state: s, active: active ? active.internalId : null };
}

const scenario = JSON.parse(fs.readFileSync(0, "utf8"));
for (const spec of scenario.windows || []) windows.push(makeWindow(spec));
if (scenario.active) active = byId(scenario.active);

const context = vm.createContext({ workspace, callDBus, registerShortcut, print: (...a) => out.push({ print: a.join(" ") }), String, JSON });
vm.runInContext(fs.readFileSync(process.argv[2], "utf8"), context, { filename: process.argv[2] });
out.push(state());

for (const step of scenario.steps || []) {
    if (step.add) {
        const w = makeWindow(step.add);
        windows.push(w);
        if (step.active) active = w;
        workspace.windowAdded.emit(w);
    } else if (step.shortcut !== undefined) {
        shortcuts[step.shortcut]();
    } else if (step.activate !== undefined) {
        workspace.activeWindow = byId(step.activate);
    } else if (step.restore !== undefined) {
        byId(step.restore).minimized = false;
    } else if (step.remove !== undefined) {
        const w = byId(step.remove);
        windows.splice(windows.indexOf(w), 1);
        if (active === w) active = null;
        workspace.windowRemoved.emit(w);
    } else if (step.switchDesktop) {
        workspace.currentDesktopChanged.emit();
    } else if (step.answer) {
        const callback = pendingPoll;
        pendingPoll = null;
        if (!callback) throw new Error("no poll is waiting");
        callback(step.answer[0], step.answer[1]);
    }
    out.push(state());
}
for (const line of out) process.stdout.write(JSON.stringify(line) + "\n");
