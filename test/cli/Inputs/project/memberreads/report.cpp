#include "engine.h"

// Reads out_ only through a cut.
float Engine::report() const { return out_.sum().item<float>(); }

// Hands kept_, graph and all, to its callers.
torch::Tensor Engine::last() const { return kept_; }
