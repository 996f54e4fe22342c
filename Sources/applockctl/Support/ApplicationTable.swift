import AppLockClient
import Translation

/// The table of applications that `status` and `list` print.
enum ApplicationTable {
    static func print(_ apps: [ApplicationListing]) {
        guard !apps.isEmpty else {
            Output.line(L("No applications."))
            return
        }
        let rows = [[L("APPLICATION"), L("STATE"), L("REGISTERED BY")]]
            + apps.map { [$0.appID.rawValue, StateText.name($0.state), $0.owner.isEmpty ? "-" : $0.owner] }
        for line in Output.table(rows) { Output.line(line) }
    }

    /// One row as a JSON object.
    static func json(_ app: ApplicationListing) -> [String: String] {
        ["appId": app.appID.rawValue, "state": app.state.rawValue, "owner": app.owner]
    }
}
