/// What an application reports about its windows with `ReportActivity`.
public enum Activity: String, Sendable, CaseIterable {
    case foreground
    case background
}
