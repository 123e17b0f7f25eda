// test/cli/shared-headers.test: "local.h" is sub2's own.
#include "local.h"

void train_sub2_x(int steps) {
  for (int i = 0; i < steps; ++i)
    localFlush();
}
