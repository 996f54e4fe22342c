import AppLockCore
import AppLockProtocol
import Glibc
import SecretServiceStore
import SystemKit

// applock-store-helper: serves one passcode-store request per run for applockd, so that libsecret (and the GLib,
// GIO and libgcrypt it brings) never loads into the agent. Reads one request line from standard input:
//
//   lookup <app-id>                      → "ok none" | "ok <kind> <encoded-hash>"
//   store <app-id> <kind> <encoded-hash> → "ok"
//   remove <app-id>                      → "ok"
//   list                                 → "ok", then one "<app-id> <kind>" line per stored passcode
//   lookup-shared                        → "ok none" | "ok <kind> <encoded-hash>"   (the AppLock passcode)
//   store-shared <kind> <encoded-hash>   → "ok"
//   remove-shared                        → "ok"
//
// A failure is "unavailable <reason>" (exit status 1); a malformed request is "bad-request <why>" (exit status 2).
// Only hashes pass through here, never a passcode. `--timeout-ms N` bounds each Secret Service call (default 5000).

/// Writes `text` to standard output (stdio; `exit` flushes it).
func emit(_ text: String) {
    print(text, terminator: "")
}

/// Ends the run with one reply line.
func finish(_ reply: String, status: Int32) -> Never {
    emit(reply + "\n")
    exit(status)
}

func timeout() -> Duration {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--timeout-ms"), index + 1 < arguments.count,
       let milliseconds = Int(arguments[index + 1]), milliseconds > 0 {
        return .milliseconds(milliseconds)
    }
    return .seconds(5)
}

func appID(_ word: Substring) -> AppID {
    guard let app = try? AppID(String(word)) else { finish("bad-request invalid app id", status: 2) }
    return app
}

func unavailable(_ error: PasscodeStoreError) -> Never {
    switch error {
    case .unavailable(let reason):
        let line = String(reason.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        finish("unavailable \(line)", status: 1)
    }
}

SecretHolding.forbidMemoryReadout()
guard let request = readLine(strippingNewline: true) else { finish("bad-request no request", status: 2) }
let words = request.split(separator: " ", omittingEmptySubsequences: false)
let store = SecretServicePasscodeStore(timeout: timeout())

/// Answers a look-up with what it found.
func found(_ stored: StoredPasscode?) -> Never {
    guard let stored else { finish("ok none", status: 0) }
    finish("ok \(stored.kind.rawValue) \(stored.encodedHash)", status: 0)
}

/// The passcode of a store request from its kind and hash words.
func passcode(_ kind: Substring, _ hash: Substring) -> StoredPasscode {
    guard let kind = PasscodeKind(rawValue: String(kind)), !hash.isEmpty else {
        finish("bad-request invalid passcode", status: 2)
    }
    return StoredPasscode(encodedHash: String(hash), kind: kind)
}

do throws(PasscodeStoreError) {
    switch (words.first ?? "", words.count) {
    case ("lookup", 2):
        found(try store.lookup(appID(words[1])))
    case ("store", 4):
        try store.store(passcode(words[2], words[3]), for: appID(words[1]))
        finish("ok", status: 0)
    case ("remove", 2):
        try store.remove(appID(words[1]))
        finish("ok", status: 0)
    case ("lookup-shared", 1):
        found(try store.lookupShared())
    case ("store-shared", 3):
        try store.storeShared(passcode(words[1], words[2]))
        finish("ok", status: 0)
    case ("remove-shared", 1):
        try store.removeShared()
        finish("ok", status: 0)
    case ("list", 1):
        let apps = try store.storedApps()
        emit((["ok"] + apps.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value.rawValue)" })
            .joined(separator: "\n") + "\n")
        exit(0)
    default:
        finish("bad-request unknown request", status: 2)
    }
} catch {
    unavailable(error)
}
