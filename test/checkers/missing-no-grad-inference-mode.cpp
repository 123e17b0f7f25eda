// RUN: %check_tidy -fix -config="{CheckOptions: {gpuleak-missing-no-grad.GuardType: InferenceMode}}" %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Option GuardType: InferenceMode inserts c10::InferenceMode instead.

#include <torch/script.h>
#include <torch/torch.h>

#include <string>

int positiveInferenceMode(const std::string &path) {
  torch::jit::Module m = torch::jit::load(path);
  m.eval();
  auto y = m.forward({torch::ones({1, 3})}).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'c10::InferenceMode' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES: :[[@LINE-6]]:5: note: 'positiveInferenceMode' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  return y.argmax(1).item<int>();
}
// CHECK-FIXES: int positiveInferenceMode(const std::string &path) {
// CHECK-FIXES-NEXT:   c10::InferenceMode guard;
// CHECK-FIXES-NEXT:   torch::jit::Module m = torch::jit::load(path);

// No fix-it where the block also trains.
void positiveNoFixInTrainingBlock(torch::nn::Linear &fc, const torch::Tensor &x) {
  fc(x).sum().backward();
  fc->eval();
  float v = fc->forward(x).sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: forward pass runs with grad mode on{{.*}}'c10::InferenceMode'{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: evaluation mode is set here{{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:6: note: 'positiveNoFixInTrainingBlock'{{.*}}
  (void)v;
}
// CHECK-FIXES: void positiveNoFixInTrainingBlock(torch::nn::Linear &fc, const torch::Tensor &x) {
// CHECK-FIXES-NEXT: fc(x).sum().backward();
