// test/cli/shared-headers.test: compiled with -DSHARED_FAST=1, as e.cpp.
#include "common.h"

void trainD(int steps) { drainFast(steps); }
