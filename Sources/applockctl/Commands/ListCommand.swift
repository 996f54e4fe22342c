import ArgumentParser

/// `applockctl list`: every known application with its state and owner.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the applications: registered ones and those with a passcode."
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let apps = try AgentClient().listApplications()
        if json {
            Output.json(apps.map { ["appId": $0.appId, "state": $0.state, "owner": $0.owner] })
        } else {
            ApplicationTable.print(apps)
        }
    }
}
