// The generated glue (../generated/*-protocol.c) is compiled beside this file; this one only makes a missing glue
// fail with the header's message.
#include "CWaylandProtocols.h"
