#pragma once
// A decoder whose methods and stepping helpers are defined in net.cpp and
// run by the generation functions of gen.cpp
// (test/cli/project-assumed-block.test).
#include <torch/torch.h>
#include <tuple>

using Memory = std::tuple<torch::Tensor, torch::Tensor>;

struct DecoderImpl : torch::nn::Module {
  std::tuple<torch::Tensor, Memory> forward(const torch::Tensor &x, Memory mem);
  Memory blank(int64_t batch) const;
  torch::Tensor warm(const torch::Tensor &x);
  torch::nn::LSTM rnn{nullptr};
  torch::nn::Linear head{nullptr};
};
struct Decoder : torch::nn::ModuleHolder<DecoderImpl> {
  using torch::nn::ModuleHolder<DecoderImpl>::ModuleHolder;
};

torch::Tensor advance(Decoder &dec, const torch::Tensor &x, Memory &mem);
torch::Tensor advanceTied(Decoder &dec, const torch::Tensor &x, Memory &mem);
torch::Tensor advanceGets(Decoder &dec, const torch::Tensor &x, Memory &mem);
torch::Tensor advanceBound(Decoder &dec, const torch::Tensor &x, Memory &mem);
torch::Tensor advanceRepacked(Decoder &dec, const torch::Tensor &x, Memory &mem);
torch::Tensor advanceCut(Decoder &dec, const torch::Tensor &x, Memory &mem);
