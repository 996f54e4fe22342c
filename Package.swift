// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

/// How the programs are linked: by lld, with the relative relocations packed (DT_RELR,
/// glibc ≥ 2.36) and without the program's own symbols in its dynamic symbol table. gold writes each of the
/// ~27,000 relocations of a position-independent Swift program as a 24-byte entry (650 KiB in the agent, 1.8 MiB in
/// a lock window with Foundation linked in) that the dynamic loader reads at every start and that then stay
/// resident; packed, they take a few KiB. The Swift runtime's static link asks for `-export-dynamic`, which puts
/// every symbol of the program in the dynamic symbol table (another ~280 KiB resident): nothing looks them up.
/// docs/performance.md has the figures.
let compactLinking = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"]
/// Every program AppLock ships is linked so. They load the Swift runtime as shared libraries: the release build
/// installs one copy of it in a private folder (the Makefile's RELEASE_FLAGS and SWIFT_RUNTIME_LIBS,
/// docs/install.md), which keeps the package under 40 MiB.
let programLinking: [LinkerSetting] = [.unsafeFlags(compactLinking)]

/// This manifest's folder. GTK's, libsecret's and cairo-xlib's C flags come from .pc files that scripts/pkg-config.sh
/// writes there: without the flags SwiftPM warns about (GLib's -pthread, graphene's -msse), and with only the
/// libraries the programs call.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "applock",
    platforms: [.macOS(.v14)],
    // The products are what AppLock ships: the programs the Debian package installs, and the client library for
    // third-party apps. Everything else (the bench, the demo, the manual generator, the test harness) is a
    // target SwiftPM still builds by name (`swift build --product applock-bench`), never a product.
    products: [
        .executable(name: "applockd", targets: ["applockd"]),
        .executable(name: "applock-store-helper", targets: ["applock-store-helper"]),
        .executable(name: "applockctl", targets: ["applockctl"]),
        .executable(name: "applock-guard", targets: ["applock-guard"]),
        .executable(name: "applock-lock-window", targets: ["applock-lock-window"]),
        .executable(name: "applock-settings", targets: ["applock-settings"]),
        .library(name: "AppLockClient", targets: ["AppLockClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CSecret", pkgConfig: packageRoot + "/Sources/CSecret/generated/secret.pc", providers: [.apt(["libsecret-1-dev"])]),
        // libsodium without its pkg-config file, whose -lsodium would link the shared library: SodiumHasher links
        // the static one (libsodium-dev ships it), so the programs need no libsodium at run time, whichever soname a
        // release has (libsodium23 in Debian 12 and 13, libsodium26 in testing and Ubuntu 26.04).
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSystem"),
        // gettext and setlocale (glibc's <libintl.h>, which Swift's Glibc does not export).
        .systemLibrary(name: "CIntl"),
        .systemLibrary(name: "CX11", pkgConfig: packageRoot + "/Sources/CX11/generated/x11.pc", providers: [.apt(["libx11-dev", "libxfixes-dev", "libxres-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CGtk", pkgConfig: packageRoot + "/Sources/CGtk/generated/gtk.pc", providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev", "libx11-dev"])]
        ),

        // Linux underneath everything else: the epoll event loop, child processes, the worker pool, the heap.
        .target(name: "SystemKit", dependencies: ["CSystem"], swiftSettings: strict),
        // The `applock` gettext domain: L("…") and N("…", "…", n) with printf-style placeholders, bound in each main.
        .target(name: "Translation", dependencies: ["CIntl"], swiftSettings: strict),
        .target(name: "DBusKit", dependencies: ["CDBus", "SystemKit"], swiftSettings: strict),
        // The D-Bus contract (methods, signatures, properties, signals, errors) as plain data: no I/O.
        .target(name: "AppLockProtocol", swiftSettings: strict),
        .target(name: "AppLockCore", dependencies: ["AppLockProtocol"], swiftSettings: strict),
        // The policy files, alone: where they are (XDG config), the last-good loader, the atomic key writer, apps.d.
        .target(name: "AppLockPolicyStore", dependencies: ["AppLockCore", "AppLockProtocol", "SystemKit"], swiftSettings: strict),
        // The agent's state machine, lock-out ledger and state files: pure like AppLockCore, used by the agent alone.
        .target(name: "AppLockAgentCore", dependencies: ["AppLockCore", "AppLockProtocol"], swiftSettings: strict),
        .target(name: "GtkKit", dependencies: ["CGtk"], swiftSettings: strict),
        .target(name: "X11Kit", dependencies: ["CX11"], swiftSettings: strict),
        .target(name: "AppLockGuardCore", dependencies: ["AppLockCore", "AppLockProtocol"], swiftSettings: strict),
        // Desktop-session facts for the agent, the guard, the lock window, applockctl and Settings (not a product): XDG
        // data folders, desktop files, icons, sibling executables, AppLock's desktop notifications.
        .target(name: "AppLockDesktop", dependencies: ["AppLockCore", "AppLockProtocol", "DBusKit", "SystemKit", "Translation"], swiftSettings: strict),
        // What every desktop's guard shares, free of X11 and Wayland: the loop and bus, the agent link (through
        // AppLockClient), GuardCore's feed loop and the agent actions, policy reload, lock-window processes, status.
        .target(
            name: "AppLockGuard",
            dependencies: [
                "AppLockGuardCore", "AppLockCore", "AppLockProtocol", "AppLockClient", "AppLockDesktop", "AppLockPolicyStore",
                "AppLockSetupHelp", "DBusKit", "SystemKit", "Translation",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "AppLockGuardX11",
            dependencies: ["AppLockGuard", "AppLockGuardCore", "AppLockCore", "AppLockDesktop", "AppLockProtocol", "DBusKit", "X11Kit"],
            swiftSettings: strict
        ),
        // libwayland-client with the wlr-foreign-toplevel-management, wlr-layer-shell and wlr-virtual-pointer glue that
        // scripts/wlr-protocols.sh generates with wayland-scanner (make runs it before swift build).
        .target(name: "CWaylandProtocols", linkerSettings: [.linkedLibrary("wayland-client")]),
        .target(name: "WaylandKit", dependencies: ["CWaylandProtocols"], swiftSettings: strict),
        .target(
            name: "AppLockGuardWayland",
            dependencies: [
                "AppLockGuard", "AppLockGuardCore", "AppLockCore", "AppLockProtocol", "DBusKit", "SystemKit", "WaylandKit",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "applock-guard",
            dependencies: [
                "AppLockGuard", "AppLockGuardX11", "AppLockGuardWayland", "AppLockGuardCore", "AppLockProtocol", "WaylandKit",
                "Translation",
            ],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),
        .target(name: "SecretServiceStore", dependencies: ["CSecret", "AppLockCore", "AppLockProtocol"], swiftSettings: strict),
        .target(
            name: "SodiumHasher", dependencies: ["CSodium"], swiftSettings: strict,
            linkerSettings: [.linkedLibrary(":libsodium.a")]
        ),
        .target(
            name: "AppLockAgent",
            dependencies: [
                "DBusKit", "SystemKit", "AppLockCore", "AppLockAgentCore", "AppLockDesktop", "AppLockProtocol", "AppLockPolicyStore",
                "SodiumHasher", "Translation", .product(name: "Logging", package: "swift-log"),
            ],
            resources: [
                .embedInCode("Interfaces/io.github.applock.AppLock1.Manager.xml"),
                .embedInCode("Interfaces/io.github.applock.AppLock1.Application.xml"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "AppLockTestSupport", dependencies: ["DBusKit", "SystemKit", "AppLockCore", "AppLockProtocol"], swiftSettings: strict
        ),
        .target(name: "AppLockClient", dependencies: ["DBusKit", "SystemKit", "AppLockCore", "AppLockProtocol"], swiftSettings: strict),
        .target(
            name: "AppLockSetupHelp", dependencies: ["AppLockClient", "AppLockProtocol", "DBusKit", "Translation"], swiftSettings: strict
        ),
        .executableTarget(
            name: "applock-demo", dependencies: ["AppLockClient", "AppLockCore", "AppLockProtocol"], swiftSettings: strict
        ),

        // Runs one Secret Service request for applockd, so libsecret stays out of the agent's process. Not a
        // dependency of applockd (that would link libsecret into it): build the applock-store-helper product too.
        .executableTarget(
            name: "applock-store-helper",
            dependencies: ["SecretServiceStore", "AppLockCore", "AppLockProtocol", "SystemKit"],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),
        .executableTarget(
            name: "applockd",
            dependencies: ["AppLockAgent", "AppLockProtocol", "SystemKit", "Translation", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),
        .executableTarget(
            name: "applockctl",
            dependencies: [
                "AppLockCore", "AppLockProtocol", "AppLockClient", "AppLockDesktop", "AppLockGuardCore", "AppLockPolicyStore",
                "AppLockSetupHelp", "Translation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),

        .executableTarget(
            name: "applock-lock-window",
            dependencies: [
                "GtkKit", "AppLockClient", "AppLockCore", "AppLockDesktop", "AppLockProtocol", "AppLockGuardCore", "AppLockSetupHelp", "SystemKit",
                "Translation",
            ],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),

        .executableTarget(
            name: "applock-settings",
            dependencies: [
                "GtkKit", "AppLockClient", "AppLockCore", "AppLockDesktop", "AppLockPolicyStore", "AppLockProtocol", "AppLockSetupHelp",
                "Translation",
            ],
            swiftSettings: strict,
            linkerSettings: programLinking
        ),

        .executableTarget(
            name: "applock-bench",
            dependencies: [
                "DBusKit", "SystemKit", "AppLockCore", "AppLockProtocol", "AppLockClient", "AppLockTestSupport", "X11Kit", "WaylandKit",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit", "SystemKit", "AppLockTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AppLockPolicyStoreTests", dependencies: ["AppLockPolicyStore", "AppLockCore", "AppLockProtocol"],
            swiftSettings: strict
        ),
        .testTarget(name: "AppLockCoreTests", dependencies: ["AppLockCore", "AppLockProtocol"], swiftSettings: strict),
        .testTarget(
            name: "AppLockAgentCoreTests", dependencies: ["AppLockAgentCore", "AppLockCore", "AppLockProtocol"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppLockProtocolTests", dependencies: ["AppLockProtocol", "AppLockTestSupport"], swiftSettings: strict
        ),
        .testTarget(
            name: "AppLockDesktopTests", dependencies: ["AppLockDesktop", "AppLockCore", "AppLockProtocol", "SystemKit"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppLockGuardCoreTests", dependencies: ["AppLockGuardCore", "AppLockCore", "AppLockProtocol"], swiftSettings: strict
        ),
        .testTarget(
            name: "PasscodeStorageTests",
            dependencies: ["SecretServiceStore", "SodiumHasher", "SystemKit", "AppLockCore", "AppLockProtocol", "AppLockTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "ApplockctlTests", dependencies: ["AppLockTestSupport", "AppLockProtocol"], swiftSettings: strict),
        .testTarget(
            name: "AppLockAgentTests",
            dependencies: ["AppLockAgent", "AppLockProtocol", "DBusKit", "AppLockTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppLockClientTests",
            dependencies: ["AppLockClient", "AppLockCore", "AppLockProtocol", "SystemKit", "AppLockTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LockWindowTests",
            dependencies: [
                "AppLockClient", "AppLockCore", "AppLockDesktop", "AppLockProtocol", "AppLockGuardCore", "AppLockTestSupport", "DBusKit",
                "applock-lock-window",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WaylandGuardTests", dependencies: ["AppLockTestSupport", "AppLockProtocol", "DBusKit", "WaylandKit"],
            swiftSettings: strict
        ),
        .testTarget(name: "WaylandKitTests", dependencies: ["WaylandKit"], swiftSettings: strict),
        .testTarget(
            name: "GuardTests", dependencies: ["AppLockTestSupport", "AppLockProtocol", "DBusKit"], swiftSettings: strict
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: [
                "AppLockClient", "AppLockCore", "AppLockTestSupport", "AppLockProtocol", "DBusKit", "applock-settings",
                "applock-lock-window",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "BenchSmokeTests", dependencies: ["applock-bench"], swiftSettings: strict),
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(name: "TranslationTests", dependencies: ["Translation"], swiftSettings: strict),
        .testTarget(
            name: "HostileTests", dependencies: ["DBusKit", "SystemKit", "AppLockTestSupport", "AppLockCore", "AppLockProtocol"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
