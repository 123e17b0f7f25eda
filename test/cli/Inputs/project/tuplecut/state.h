#include <torch/torch.h>
#include <tuple>

using State = std::tuple<torch::Tensor, torch::Tensor>;

State cutBraced(const State &s);
State cutMakeTuple(const State &s);
State cutLocals(const State &s);
State cutFirstOnly(const State &s);
