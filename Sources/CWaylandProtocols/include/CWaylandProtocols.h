// libwayland-client with the client glue of the protocols the guard's wlroots backend speaks. The glue is generated
// by scripts/wlr-protocols.sh (make build and make test run it) into ../generated; the protocol XML is not in the
// repository.
#pragma once
#include <wayland-client.h>

#if __has_include("../generated/wlr-foreign-toplevel-management-unstable-v1-client-protocol.h") \
    && __has_include("../generated/wlr-layer-shell-unstable-v1-client-protocol.h") \
    && __has_include("../generated/xdg-shell-client-protocol.h") \
    && __has_include("../generated/wlr-virtual-pointer-unstable-v1-client-protocol.h")
#include "../generated/xdg-shell-client-protocol.h"
#include "../generated/wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "../generated/wlr-layer-shell-unstable-v1-client-protocol.h"
#include "../generated/wlr-virtual-pointer-unstable-v1-client-protocol.h"

#include <string.h>

/// The interface a global of this name is bound with, among those WaylandKit binds; NULL for any other.
static inline const struct wl_interface *applock_interface_named(const char *name) {
    const struct wl_interface *known[] = {
        &wl_compositor_interface, &wl_shm_interface, &wl_seat_interface, &wl_output_interface,
        &zwlr_foreign_toplevel_manager_v1_interface, &zwlr_layer_shell_v1_interface,
        &zwlr_virtual_pointer_manager_v1_interface,
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (strcmp(known[i]->name, name) == 0) return known[i];
    }
    return NULL;
}
#else
#error "The Wayland protocol glue is missing: run scripts/wlr-protocols.sh (make build and make test run it)."
#endif
