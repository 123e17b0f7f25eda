#include "sampler.h"

void Shelf::put(torch::Tensor t) { slots_.push_back(t); }
void Ring::put(torch::Tensor t) { slots_.push_back(t); }
void Ring::drain() { slots_.clear(); }
torch::Tensor toHost(const torch::Tensor &t) { return t.detach().to(torch::kCPU); }
torch::Tensor freeze(const torch::Tensor &t) { return t.detach(); }
