#pragma once
#if !__has_include(<libsecret/secret.h>)
#error "The C flags of GTK and libsecret are not generated yet: run ./scripts/pkg-config.sh (make build and make test run it)"
#endif
#include <libsecret/secret.h>
