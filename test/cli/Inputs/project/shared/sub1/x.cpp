// test/cli/shared-headers.test: "local.h" is sub1's own.
#include "local.h"

void train_sub1_x(int steps) {
  for (int i = 0; i < steps; ++i)
    localFlush();
}
