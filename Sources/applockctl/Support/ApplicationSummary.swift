/// One row of `ListApplications`: an app id, its state and the unique name that registered it ("" when none).
struct ApplicationSummary: Sendable, Equatable {
    let appId: String
    let state: String
    let owner: String
}
