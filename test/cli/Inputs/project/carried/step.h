#pragma once
// A sampling step defined in step.cpp and run in a generation loop in
// gen.cpp (test/cli/project-carried-state.test).
#include <torch/torch.h>
#include <tuple>

using State = std::tuple<torch::Tensor, torch::Tensor>;
torch::Tensor stepIds(torch::nn::LSTM &lstm, const torch::Tensor &x, State &state);
torch::Tensor stepDetached(torch::nn::LSTM &lstm, const torch::Tensor &x, State &state);
