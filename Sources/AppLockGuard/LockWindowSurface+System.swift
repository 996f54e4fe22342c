public import AppLockGuardCore
import AppLockDesktop

extension LockWindowSurface {
    /// ``choose(desktopName:layerShellLibrary:)`` with gtk4-layer-shell where this system has it
    /// (``LayerShellLibrary``).
    public static func forCompositor(named desktopName: String) -> LockWindowSurface {
        choose(desktopName: desktopName, layerShellLibrary: LayerShellLibrary.path(environment: ProcessEnvironment.current()))
    }
}
