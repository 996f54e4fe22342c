import AppLockCore
import AppLockProtocol
import Glibc
import SystemKit

/// The passcode store as seen from the agent: each call runs `applock-store-helper` once, which talks to the
/// Secret Service with libsecret, so libsecret, GLib and libgcrypt never load into the agent. The request goes
/// on the helper's standard input (hashes only, never a passcode) and the reply comes back on its standard output;
/// a helper that does not answer in `timeout` plus a grace period is killed and the store counts as unavailable.
///
/// The helper is `$APPLOCK_STORE_HELPER` when set, else `applock-store-helper` next to the running executable.
/// Calls block; the agent makes them from worker threads.
final class HelperProcessPasscodeStore: PasscodeStore {
    /// The helper's file name, installed next to `applockd`.
    static let helperName = "applock-store-helper"

    let helperPath: String
    /// How long the helper's own Secret Service calls may take.
    let timeout: Duration
    /// How much longer the agent waits for the helper before killing it.
    let grace: Duration = .seconds(2)

    init(timeout: Duration, helperPath: String? = nil) {
        self.timeout = timeout
        self.helperPath = helperPath ?? Self.defaultHelperPath()
    }

    static func defaultHelperPath() -> String {
        if let value = getenv("APPLOCK_STORE_HELPER").map({ String(cString: $0) }), !value.isEmpty {
            return value
        }
        return (ProcessFiles.ownExecutableFolder() ?? "/usr/bin") + "/" + helperName
    }

    func lookup(_ app: AppID) throws(PasscodeStoreError) -> StoredPasscode? {
        try found(run("lookup \(app.rawValue)"))
    }

    func lookupShared() throws(PasscodeStoreError) -> StoredPasscode? {
        try found(run("lookup-shared"))
    }

    /// The passcode a look-up's reply names, nil for "none".
    private func found(_ reply: [String]) throws(PasscodeStoreError) -> StoredPasscode? {
        guard reply.count == 1 else { throw Self.garbled }
        let words = reply[0].split(separator: " ")
        if words.count == 1 && words[0] == "none" { return nil }
        guard words.count == 2, let kind = PasscodeKind(rawValue: String(words[0])) else { throw Self.garbled }
        return StoredPasscode(encodedHash: String(words[1]), kind: kind)
    }

    func store(_ passcode: StoredPasscode, for app: AppID) throws(PasscodeStoreError) {
        _ = try run("store \(app.rawValue) \(try Self.words(passcode))")
    }

    func storeShared(_ passcode: StoredPasscode) throws(PasscodeStoreError) {
        _ = try run("store-shared \(try Self.words(passcode))")
    }

    /// `<kind> <encoded-hash>` of a store request; a hash that would not stay one word is refused.
    private static func words(_ passcode: StoredPasscode) throws(PasscodeStoreError) -> String {
        guard !passcode.encodedHash.isEmpty,
              !passcode.encodedHash.contains(where: { $0 == " " || $0 == "\n" || $0 == "\r" })
        else {
            throw .unavailable("the passcode hash cannot be stored")
        }
        return "\(passcode.kind.rawValue) \(passcode.encodedHash)"
    }

    func remove(_ app: AppID) throws(PasscodeStoreError) {
        _ = try run("remove \(app.rawValue)")
    }

    func removeShared() throws(PasscodeStoreError) {
        _ = try run("remove-shared")
    }

    func storedApps() throws(PasscodeStoreError) -> [AppID: PasscodeKind] {
        var apps: [AppID: PasscodeKind] = [:]
        for line in try run("list") where !line.isEmpty {
            let words = line.split(separator: " ")
            guard words.count == 2, let app = try? AppID(String(words[0])),
                  let kind = PasscodeKind(rawValue: String(words[1]))
            else {
                throw Self.garbled
            }
            apps[app] = kind
        }
        return apps
    }

    /// Runs the helper with `request`; returns the reply's text after "ok" (the rest of its first line, if any,
    /// then its other lines), or throws the reason of an "unavailable" reply.
    private func run(_ request: String) throws(PasscodeStoreError) -> [String] {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: helperPath, arguments: ["--timeout-ms", "\(milliseconds)"])
        } catch {
            throw .unavailable("the Secret Service helper \(helperPath) could not be started")
        }
        let deadline = ContinuousClock.now + timeout + grace
        let output: [UInt8]
        do throws(ChildProcessError) {
            try child.write(Array((request + "\n").utf8), deadline: deadline)
            child.closeInput()
            output = try child.readToEnd(limit: 16 << 20, deadline: deadline)
        } catch .timedOut {
            child.kill()
            child.wait()
            throw Self.silent
        } catch {
            child.kill()
            child.wait()
            throw .unavailable("the Secret Service helper failed")
        }
        let status = child.wait()
        var lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else {
            throw .unavailable(ChildProcess.exitCode(status) == nil
                ? "the Secret Service helper crashed" : "the Secret Service helper gave no answer")
        }
        if first.hasPrefix("unavailable ") {
            throw .unavailable(String(first.dropFirst("unavailable ".count)))
        }
        guard ChildProcess.exitCode(status) == 0, first == "ok" || first.hasPrefix("ok ") else { throw Self.garbled }
        let rest = first.dropFirst(2).drop { $0 == " " }
        return (rest.isEmpty ? [] : [String(rest)]) + lines.dropFirst()
    }

    private static let silent = PasscodeStoreError.unavailable("the Secret Service helper did not answer")
    private static let garbled = PasscodeStoreError.unavailable("the Secret Service helper gave a malformed answer")
}
