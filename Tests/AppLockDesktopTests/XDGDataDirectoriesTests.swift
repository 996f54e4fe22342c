import AppLockDesktop
import Testing

/// The XDG Base Directory rules for data folders, relative paths included (the spec makes them invalid).
@Suite struct XDGDataDirectoriesTests {
    @Test func defaults() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h"]).paths == ["/h/.local/share", "/usr/local/share", "/usr/share"])
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": ""]).paths
            == ["/h/.local/share", "/usr/local/share", "/usr/share"])
    }

    @Test func variablesComeFirst() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b"]).paths
            == ["/d", "/a", "/b"])
    }

    @Test func relativePathsAreIgnored() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "data", "XDG_DATA_DIRS": "a:/b:./c:"]).paths
            == ["/h/.local/share", "/b"])
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_DIRS": "share:other"]).paths
            == ["/h/.local/share", "/usr/local/share", "/usr/share"])
        #expect(XDGDataDirectories(environment: ["HOME": "relative"]).paths == ["/usr/local/share", "/usr/share"])
        #expect(XDGDataDirectories(environment: [:]).paths == ["/usr/local/share", "/usr/share"])
        #expect(XDGDataDirectories(environment: ["HOME": "/"]).paths == ["/.local/share", "/usr/local/share", "/usr/share"])
    }
}
