import AppLockClient
import ArgumentParser
import Translation

/// `applockctl list`: every known application with its state and owner.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: L("List the applications: registered ones and those with a passcode.")
    )

    @Flag(help: ArgumentHelp(L("Print JSON instead of text.")))
    var json = false

    func run() throws {
        let apps = try CommandLineAgent().perform(.listApplications).sorted { $0.appID < $1.appID }
        if json {
            Output.json(apps.map(ApplicationTable.json))
        } else {
            ApplicationTable.print(apps)
        }
    }
}
