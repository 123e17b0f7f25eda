// RUN: %check_tidy -fix %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Forward passes under other names: a module's own method that runs its
// forward (`denoise`, `sample`, `infer`) is a forward pass to its caller
// (function summaries, docs/index.md).

#include <torch/torch.h>

#include <vector>

void print(const torch::Tensor &t) {}

struct DenoiserImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return net->forward(x); }
  torch::Tensor denoise(const torch::Tensor &x, int steps) {
    torch::Tensor y = x;
    for (int i = 0; i < steps; ++i)
      y = forward(y);
    return y;
  }
  // Through another method.
  torch::Tensor sample(const torch::Tensor &z) { return denoise(z, 4); }
  // Guarded inside: runs no forward with its caller's grad mode.
  torch::Tensor infer(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    return forward(x);
  }
  // No forward at all.
  torch::Tensor scale(const torch::Tensor &x) { return 2.0 * x; }
  torch::nn::Linear net{nullptr};
};
struct Denoiser : torch::nn::ModuleHolder<DenoiserImpl> {
  using ModuleHolder<DenoiserImpl>::ModuleHolder;
};

void positiveEvalLoop(Denoiser &model, const std::vector<torch::Tensor> &images) {
  model->eval();
  for (const auto &img : images) {
    torch::Tensor clean = model->denoise(img, 10);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :18:11: note: 'denoise' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    print(clean);
  }
}
// CHECK-FIXES: {{^}}  for (const auto &img : images) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    torch::NoGradGuard no_grad;{{$}}

void positiveThroughMethod(DenoiserImpl &model, const std::vector<torch::Tensor> &zs) {
  for (const auto &z : zs) {
    print(model.sample(z));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :22:57: note: 'sample' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  }
}

void negativeGuarded(Denoiser &model, const std::vector<torch::Tensor> &images) {
  torch::NoGradGuard no_grad;
  for (const auto &img : images)
    print(model->denoise(img, 10));
}

void negativeGuardedInside(Denoiser &model, const std::vector<torch::Tensor> &images) {
  for (const auto &img : images)
    print(model->infer(img));
}

void negativeNoForward(Denoiser &model, const std::vector<torch::Tensor> &images) {
  for (const auto &img : images)
    print(model->scale(img));
}

// Training: a backward pass follows.
void negativeTraining(Denoiser &model, const std::vector<torch::Tensor> &images) {
  for (const auto &img : images) {
    torch::Tensor loss = (model->denoise(img, 2) - img).mean();
    loss.backward();
  }
}
