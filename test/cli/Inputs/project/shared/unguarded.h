// test/cli/shared-headers.test: no include guard; the TUs' own #include of
// it would not be a no-op after a PCH of it, so none is used.
#include <torch/torch.h>
#ifndef UNGUARDED_ONCE
#define UNGUARDED_ONCE
inline torch::Tensor twice(const torch::Tensor &t) { return t.sum(); }
#endif
