// test/cli/shared-headers.test: a macro before the include changes what
// common.h declares; this TU must not get a.cpp's and b.cpp's PCH.
#define SHARED_FAST 1
#include "common.h"

void trainC(int steps) { drainFast(steps); }
