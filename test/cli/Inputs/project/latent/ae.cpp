#include "ae.h"

torch::Tensor AutoencoderImpl::forward(const torch::Tensor &x) { return dec(enc(x)); }

torch::Tensor AutoencoderImpl::encode(const torch::Tensor &x) { return enc(x); }

// Runs no forward pass.
torch::Tensor AutoencoderImpl::size(const torch::Tensor &x) { return x * 2.0; }
