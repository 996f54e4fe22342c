#pragma once
#if !__has_include(<cairo-xlib.h>)
#error "The C flags of cairo-xlib are not generated yet: run ./scripts/pkg-config.sh (make build and make test run it)"
#endif
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/XRes.h>
#include <cairo/cairo.h>
#include <cairo/cairo-xlib.h>

/// How many pixels of `rect` of the root window (read back with XGetImage) are `rgb`; -1 when the server refuses
/// the read or the image is not 32 bits a pixel. XGetPixel and XDestroyImage are macros, out of Swift's reach.
static inline long applock_root_pixel_count(Display *display, int x, int y, unsigned int width, unsigned int height,
                                            unsigned long rgb) {
    XImage *image = XGetImage(display, DefaultRootWindow(display), x, y, width, height, AllPlanes, ZPixmap);
    if (image == NULL) return -1;
    long count = -1;
    if (image->bits_per_pixel == 32) {
        count = 0;
        for (unsigned int row = 0; row < height; row++) {
            const unsigned int *line = (const unsigned int *)(image->data + (long)row * image->bytes_per_line);
            for (unsigned int column = 0; column < width; column++) {
                if ((line[column] & 0xFFFFFF) == rgb) count++;
            }
        }
    }
    XDestroyImage(image);
    return count;
}
