#pragma once
// gettext (in glibc) and setlocale: Swift's Glibc module does not export <libintl.h>.
#include <libintl.h>
#include <locale.h>
