/// What a cover over one window shows.
public enum CoverKind: String, Sendable, Equatable {
    /// Opaque, with the app's icon and name: the content is hidden, no passcode is needed.
    case obscured
    /// The app is locked (or its state is not known yet): the lock window goes over it.
    case locked
}
