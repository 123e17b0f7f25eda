#include "ae.h"

#include <vector>

struct Sim {
  std::shared_ptr<AutoencoderImpl> ae;
  torch::optim::Adam *opt;

  std::vector<torch::Tensor> latents(const torch::Tensor &data) {
    torch::Tensor z = ae->encode(data);
    std::vector<torch::Tensor> out{z, 2.0 * z};
    return out;
  }
  float closest(const std::vector<torch::Tensor> &zs) {
    return torch::mse_loss(zs[0], zs[1]).item<float>();
  }
  // Reads the latents only through numbers: the encoder's graph is built
  // every call and never used.
  float pairs(const torch::Tensor &data) {
    std::vector<torch::Tensor> zs = latents(data);
    return closest(zs);
  }
  // Trains on them.
  void trainLatents(const torch::Tensor &data) {
    std::vector<torch::Tensor> zs = latents(data);
    zs[0].sum().backward();
    opt->step();
  }

  // The same shapes with a method that runs no forward pass.
  std::vector<torch::Tensor> sizes(const torch::Tensor &data) {
    torch::Tensor z = ae->size(data);
    std::vector<torch::Tensor> out{z, 2.0 * z};
    return out;
  }
  float pairSizes(const torch::Tensor &data) {
    std::vector<torch::Tensor> zs = sizes(data);
    return closest(zs);
  }
  void trainSizes(const torch::Tensor &data) {
    std::vector<torch::Tensor> zs = sizes(data);
    zs[0].sum().backward();
    opt->step();
  }
};
