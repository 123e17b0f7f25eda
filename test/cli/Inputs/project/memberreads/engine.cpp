#include "engine.h"

float Engine::predict(float x) {
  std::vector<torch::jit::IValue> in{x * torch::ones({1, 4})};
  out_ = module_.forward(in).toTensor();
  return *out_.data_ptr<float>();
}

float Engine::predictKept(float x) {
  std::vector<torch::jit::IValue> in{x * torch::ones({1, 4})};
  kept_ = module_.forward(in).toTensor();
  return *kept_.data_ptr<float>();
}
