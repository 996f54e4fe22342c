/// What makes `applock-guard` report a guarded app `background` (policy key `BackgroundWhen`), which starts its
/// `GracePeriod`. Apps that report their own activity are not affected.
public enum BackgroundRule: String, Sendable, CaseIterable {
    /// Background only while none of the app's windows is on screen (all minimised or closed): "lock when
    /// minimised", what users asked for. The default.
    case minimised
    /// Background whenever none of the app's windows has the focus (stricter: it locks sooner).
    case unfocused

    /// The rule a keyfile value names: the raw values, and `minimized`, the American spelling, for `minimised`.
    public init?(keyFileValue value: String) {
        self.init(rawValue: value == "minimized" ? Self.minimised.rawValue : value)
    }
}
