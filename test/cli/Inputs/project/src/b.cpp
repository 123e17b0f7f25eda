#include "shared.h"

void trainB(int n) { sharedRelease(n); }
