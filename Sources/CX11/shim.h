#pragma once
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/XRes.h>
#include <cairo/cairo.h>
#include <cairo/cairo-xlib.h>
