// test/cli/shared-headers.test: opens with an unguarded header, as f.cpp.
#include "unguarded.h"
#include "unguarded.h"

torch::Tensor g(const torch::Tensor &t) { return twice(t); }
