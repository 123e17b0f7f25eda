#include "util.h"
int a(int n) { return prep(n); }
