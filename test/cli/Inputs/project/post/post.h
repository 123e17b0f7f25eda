#pragma once
// Helpers of another file that take a forward pass's output and return no
// tensor (test/cli/project-post-helpers.test): what they do comes from
// their summaries, not from a guess.
#include <torch/torch.h>
#include <vector>

struct Box {
  float x, y, score;
};

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Decoder {
public:
  virtual ~Decoder() = default;
  virtual std::vector<Box> decode(torch::Tensor raw) = 0;
};
class GridDecoder : public Decoder {
public:
  std::vector<Box> decode(torch::Tensor raw) override;
};

std::vector<Box> toBoxes(const torch::Tensor &raw);
void learnFrom(const torch::Tensor &raw);
// Defined nowhere in the project.
void external(const torch::Tensor &raw);
