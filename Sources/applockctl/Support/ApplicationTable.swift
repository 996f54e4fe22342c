/// The table of applications that `status` and `list` print.
enum ApplicationTable {
    static func print(_ apps: [ApplicationSummary]) {
        guard !apps.isEmpty else {
            Output.line("No applications.")
            return
        }
        let rows = [["APPLICATION", "STATE", "REGISTERED BY"]]
            + apps.map { [$0.appId, $0.state, $0.owner.isEmpty ? "-" : $0.owner] }
        for line in Output.table(rows) { Output.line(line) }
    }
}
