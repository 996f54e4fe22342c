import Testing

/// AppLock Settings in each catalogue's language, German and right to left included, as ``SettingsTests`` drives it:
/// a suite of its own, run beside that one (each test has a desktop of its own), since its tests are the longest and
/// a single suite of both was the last of the host's run to end, alone on one core.
@Suite("AppLock Settings in every language", .serialized)
struct SettingsLanguageTests {}
