import AppLockDesktop
import Testing

@Suite struct LayerShellLibraryTests {
    @Test func theVariableNamesTheLibraryOrSaysThereIsNone() {
        #expect(LayerShellLibrary.path(environment: ["APPLOCK_GTK4_LAYER_SHELL": "/opt/lib/libgtk4-layer-shell.so.0"])
            == "/opt/lib/libgtk4-layer-shell.so.0")
        #expect(LayerShellLibrary.path(environment: ["APPLOCK_GTK4_LAYER_SHELL": ""]) == nil)
    }
}
