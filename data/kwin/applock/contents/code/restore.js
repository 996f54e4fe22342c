// Run once by applock-guard when it stops: the windows the AppLock script made transparent (it alone makes a window
// fully transparent) are opaque again, and captured again. Begins with main.js's compatibility lines.
const kwinPlasma6 = typeof workspace.windowList === "function";
function windowList() { return kwinPlasma6 ? workspace.windowList() : workspace.clientList(); }
function activeWindow() { return kwinPlasma6 ? workspace.activeWindow : workspace.activeClient; }
function activateWindow(w) { if (kwinPlasma6) workspace.activeWindow = w; else workspace.activeClient = w; }
const windowAdded = kwinPlasma6 ? workspace.windowAdded : workspace.clientAdded;
const windowRemoved = kwinPlasma6 ? workspace.windowRemoved : workspace.clientRemoved;
const windowActivated = kwinPlasma6 ? workspace.windowActivated : workspace.clientActivated;

for (const c of windowList()) {
    if (c.opacity === 0) {
        c.opacity = 1;
        if (c.excludeFromCapture) c.excludeFromCapture = false;
    }
}
