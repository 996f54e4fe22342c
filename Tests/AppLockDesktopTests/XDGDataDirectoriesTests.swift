import AppLockDesktop
import Testing

/// The XDG Base Directory rules for data folders, relative paths included (the spec makes them invalid), and the
/// sandboxes' exports folders after them.
@Suite struct XDGDataDirectoriesTests {
    let exports = XDGDataDirectories.systemExports

    @Test func defaults() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h"]).paths
            == ["/h/.local/share", "/usr/local/share", "/usr/share", "/h/.local/share/flatpak/exports/share"] + exports)
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": ""]).paths
            == ["/h/.local/share", "/usr/local/share", "/usr/share", "/h/.local/share/flatpak/exports/share"] + exports)
    }

    @Test func variablesComeFirst() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b"]).paths
            == ["/d", "/a", "/b", "/d/flatpak/exports/share"] + exports)
    }

    @Test func exportsFoldersNamedByTheSessionKeepTheirPlace() {
        let dirs = "/d/flatpak/exports/share:/var/lib/flatpak/exports/share:/usr/share:/var/lib/snapd/desktop"
        #expect(XDGDataDirectories(environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": dirs]).paths
            == ["/d", "/d/flatpak/exports/share", "/var/lib/flatpak/exports/share", "/usr/share", "/var/lib/snapd/desktop"])
    }

    @Test func relativePathsAreIgnored() {
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_HOME": "data", "XDG_DATA_DIRS": "a:/b:./c:"]).paths
            == ["/h/.local/share", "/b", "/h/.local/share/flatpak/exports/share"] + exports)
        #expect(XDGDataDirectories(environment: ["HOME": "/h", "XDG_DATA_DIRS": "share:other"]).paths
            == ["/h/.local/share", "/usr/local/share", "/usr/share", "/h/.local/share/flatpak/exports/share"] + exports)
        #expect(XDGDataDirectories(environment: ["HOME": "relative"]).paths == ["/usr/local/share", "/usr/share"] + exports)
        #expect(XDGDataDirectories(environment: [:]).paths == ["/usr/local/share", "/usr/share"] + exports)
        #expect(XDGDataDirectories(environment: ["HOME": "/"]).paths
            == ["/.local/share", "/usr/local/share", "/usr/share", "/.local/share/flatpak/exports/share"] + exports)
    }
}
