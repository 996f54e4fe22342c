/* Types text into whatever window KWin gives the keyboard, through KWin's own org_kde_kwin_fake_input protocol
 * (plasma-wayland-protocols' fake-input.xml, version 4: keyboard_key), as KDE's remote-input tools do. KWin offers
 * that protocol only to programs whose desktop file lists it in X-KDE-Wayland-Interfaces.
 *
 *   kwin-fake-keyboard [-d MS] [-s MS] TEXT     types TEXT (US layout: letters, digits, space, a few signs)
 *   kwin-fake-keyboard [-s MS] -k Return        presses and releases one named key (Return, Escape, BackSpace, Tab)
 *   kwin-fake-keyboard [-s MS] -k Meta+Alt+l    the same with modifiers held (Meta, Alt, Control, Shift), as a shortcut
 *
 * -s waits before the first key, -d between keys (milliseconds). Exits 2 when KWin does not offer the protocol. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/input-event-codes.h>
#include <wayland-client.h>
#include "fake-input-client-protocol.h"

static struct org_kde_kwin_fake_input *fake_input;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 4)
        fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 4);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void pause_ms(long ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&t, &t) != 0) {}
}

/* The evdev key code of a character on a US keyboard, and whether it needs Shift; 0 when it has none. */
static int key_of(char c, int *shift) {
    static const char *letters = "abcdefghijklmnopqrstuvwxyz";
    static const int letter_keys[] = { KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K,
        KEY_L, KEY_M, KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z };
    static const int digit_keys[] = { KEY_0, KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9 };
    *shift = 0;
    if (isupper((unsigned char)c)) { *shift = 1; c = (char)tolower((unsigned char)c); }
    const char *letter = islower((unsigned char)c) ? strchr(letters, c) : NULL;
    if (letter) return letter_keys[letter - letters];
    if (isdigit((unsigned char)c)) return digit_keys[c - '0'];
    switch (c) {
    case ' ': return KEY_SPACE;
    case '-': return KEY_MINUS;
    case '.': return KEY_DOT;
    case ',': return KEY_COMMA;
    case '/': return KEY_SLASH;
    case '\n': return KEY_ENTER;
    case '!': *shift = 1; return KEY_1;
    case '_': *shift = 1; return KEY_MINUS;
    default: return 0;
    }
}

static int named_key(const char *name) {
    if (strcmp(name, "Return") == 0) return KEY_ENTER;
    if (strcmp(name, "Escape") == 0) return KEY_ESC;
    if (strcmp(name, "BackSpace") == 0) return KEY_BACKSPACE;
    if (strcmp(name, "Tab") == 0) return KEY_TAB;
    int shift;
    if (strlen(name) == 1 && islower((unsigned char)name[0])) return key_of(name[0], &shift);
    return 0;
}

static int modifier_key(const char *name, size_t length) {
    if (length == 4 && strncmp(name, "Meta", 4) == 0) return KEY_LEFTMETA;
    if (length == 3 && strncmp(name, "Alt", 3) == 0) return KEY_LEFTALT;
    if (length == 7 && strncmp(name, "Control", 7) == 0) return KEY_LEFTCTRL;
    if (length == 5 && strncmp(name, "Shift", 5) == 0) return KEY_LEFTSHIFT;
    return 0;
}

static void press(struct wl_display *display, int key, int shift, long delay) {
    if (shift) org_kde_kwin_fake_input_keyboard_key(fake_input, KEY_LEFTSHIFT, 1);
    org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)key, 1);
    org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)key, 0);
    if (shift) org_kde_kwin_fake_input_keyboard_key(fake_input, KEY_LEFTSHIFT, 0);
    wl_display_roundtrip(display);
    if (delay > 0) pause_ms(delay);
}

int main(int argc, char **argv) {
    long delay = 10, start = 0;
    const char *key_name = NULL;
    int i = 1;
    for (; i < argc - 1 && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-d") == 0) delay = atol(argv[i + 1]);
        else if (strcmp(argv[i], "-s") == 0) start = atol(argv[i + 1]);
        else if (strcmp(argv[i], "-k") == 0) key_name = argv[i + 1];
        else break;
    }
    const char *text = key_name ? NULL : (i == argc - 1 ? argv[i] : NULL);
    if (!key_name && !text) {
        fprintf(stderr, "usage: kwin-fake-keyboard [-d MS] [-s MS] TEXT | [-s MS] -k KEY\n");
        return 64;
    }
    /* -k MOD+MOD+KEY: the modifiers before the last '+', held around the key. */
    int modifiers[4], held = 0;
    while (key_name && strchr(key_name, '+') && held < 4) {
        const char *plus = strchr(key_name, '+');
        modifiers[held] = modifier_key(key_name, (size_t)(plus - key_name));
        if (!modifiers[held]) {
            fprintf(stderr, "kwin-fake-keyboard: unknown modifier in %s\n", key_name);
            return 64;
        }
        held++;
        key_name = plus + 1;
    }
    int code = key_name ? named_key(key_name) : 0;
    if (key_name && !code) {
        fprintf(stderr, "kwin-fake-keyboard: unknown key %s\n", key_name);
        return 64;
    }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kwin-fake-keyboard: cannot connect to the Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake_input) {
        fprintf(stderr, "kwin-fake-keyboard: the compositor does not offer org_kde_kwin_fake_input version 4\n");
        return 2;
    }
    org_kde_kwin_fake_input_authenticate(fake_input, "AppLock tests", "types into the windows under test");
    wl_display_roundtrip(display);
    if (start > 0) pause_ms(start);
    if (key_name) {
        for (int m = 0; m < held; m++) org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)modifiers[m], 1);
        press(display, code, 0, 0);
        for (int m = held - 1; m >= 0; m--) org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)modifiers[m], 0);
    } else {
        for (const char *c = text; *c; c++) {
            int shift;
            int key = key_of(*c, &shift);
            if (!key) {
                fprintf(stderr, "kwin-fake-keyboard: no key for the character %d\n", (unsigned char)*c);
                return 64;
            }
            press(display, key, shift, delay);
        }
    }
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
