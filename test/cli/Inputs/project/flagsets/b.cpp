#include "util.h"
int b(int n) { return prep(n); }
