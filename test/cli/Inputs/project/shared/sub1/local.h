// test/cli/shared-headers.test: sub1's local.h (sub2 has another one).
#pragma once
#include <torch/torch.h>
inline void localFlush() {}
