import AppLockTestSupport
import Foundation
import Testing

/// The shipped `dbus/*.xml` as the desktop's tools take them: gdbus-codegen generates a GDBus proxy from the files
/// as they are, gcc compiles it with a small C client, and that client drives the real agent on a private bus.
@Suite("Generated GDBus client")
struct GeneratedClientTests {
    static let driver = IntrospectedInterface.dbusDirectory.deletingLastPathComponent()
        .appendingPathComponent("Tests/GeneratedClient/applock-gdbus-client.c")

    @Test("gdbus-codegen's proxy from dbus/*.xml registers, locks, reads State and gets a named error; it sets the AppLock passcode, has a second app use it and unlocks that app with it")
    func generatedProxyDrivesTheAgent() throws {
        let harness = try AgentHarness()
        let build = harness.environment.root.appendingPathComponent("codegen")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: IntrospectedInterface.dbusDirectory.path)
            .filter { $0.hasPrefix("io.github.applock.AppLock1.") && $0.hasSuffix(".xml") }.sorted()
            .map { IntrospectedInterface.dbusDirectory.appendingPathComponent($0).path }
        #expect(files.count == 2, "the agent's two interfaces, Manager and Application")

        let generated = harness.environment.run([
            "gdbus-codegen", "--interface-prefix", "io.github.applock.AppLock1.", "--c-namespace", "AppLock",
            "--generate-c-code", build.appendingPathComponent("applock-generated").path,
        ] + files)
        #expect(generated.succeeded, "\(generated.stderr)")
        let header = try String(contentsOf: build.appendingPathComponent("applock-generated.h"), encoding: .utf8)
        #expect(header.contains("app_lock_manager_call_unlock_sync"), "the proxy has the Manager's methods")
        #expect(header.contains("app_lock_application_get_failed_attempts"), "and the Application's properties")
        for member in ["app_lock_manager_call_switch_to_shared_passcode_sync", "app_lock_manager_call_reset_shared_passcode_sync",
                       "app_lock_manager_call_change_shared_passcode_sync", "app_lock_manager_call_remove_shared_passcode_sync",
                       "app_lock_application_get_max_failed_attempts"] {
            #expect(header.contains(member), "the proxy has \(member)")
        }

        let program = build.appendingPathComponent("applock-gdbus-client").path
        let compiled = harness.environment.run([
            "sh", "-c",
            "gcc -Wall -Werror -o '\(program)' '\(Self.driver.path)' '\(build.path)/applock-generated.c' -I '\(build.path)' "
                + "$(pkg-config --cflags --libs gio-2.0 gio-unix-2.0)",
        ], timeout: .seconds(120))
        #expect(compiled.succeeded, "\(compiled.stderr)")
        try #require(compiled.succeeded)

        let run = harness.environment.run([program])
        #expect(run.succeeded, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("registered /io/github/applock/AppLock1/app/org_2eexample_2eCodegen"))
        #expect(lines.contains("signal StateChanged org.example.Codegen locked manual"))
        #expect(lines.contains("State locked"))
        #expect(lines.contains("PasscodeKind four-digit"))
        #expect(lines.contains("error io.github.applock.AppLock1.Error.WrongPasscode"))
        #expect(lines.contains("FailedAttempts 1"))
        #expect(lines.contains("State unlocked"))
        #expect(lines.contains("SharedPasscodeKind four-digit"))
        #expect(lines.contains("PasscodeSource shared"))
        #expect(lines.contains("Shared app unlocked"))
        #expect(lines.last == "done")
    }
}
