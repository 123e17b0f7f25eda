// Device storage kept without a graph, on the real LibTorch 2.11 headers:
// torch::cat takes its list through ITensorListRef's forwarding constructor,
// which is no hand-off of the container (a new user's report: a cat of the
// growing vector hid the finding).
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %torch_flags

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

torch::Tensor nextBatch();
void consume(std::vector<torch::Tensor> &&v);

void positiveReadWithCat(Net &net) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> preds;
  while (true) {
    for (int i = 0; i < 100; ++i)
      preds.push_back(net.forward(nextBatch()));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'preds' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'preds' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:23: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    float mean = torch::cat(preds).mean().item<float>();
    (void)mean;
  }
}

// Moved out every epoch: handed on, and no longer this function's to grow.
void negativeMovedOn(Net &net, int epochs) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> preds;
  for (int e = 0; e < epochs; ++e) {
    for (int i = 0; i < 100; ++i)
      preds.push_back(net.forward(nextBatch()));
    consume(std::move(preds));
  }
}
