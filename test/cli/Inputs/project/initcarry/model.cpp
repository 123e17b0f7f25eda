#include "model.h"

SeqModelImpl::SeqModelImpl() { gru = torch::nn::GRU(8, 8); }

std::tuple<torch::Tensor, torch::Tensor> SeqModelImpl::step(const torch::Tensor &x,
                                                            const torch::Tensor &h) {
  auto [out, h_next] = gru->forward(x, h);
  return {out, h_next};
}

torch::Tensor SeqModelImpl::init_hidden(int64_t batch) const { return torch::zeros({1, batch, 8}); }

torch::Tensor SeqModelImpl::init_detached(const torch::Tensor &h) const { return h.detach(); }
