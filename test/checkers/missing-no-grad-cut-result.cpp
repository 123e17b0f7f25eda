// RUN: %check_tidy -fix %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A function whose every return is cut from the graph (argmax, item,
// detach) hands no graph to its caller: it decides alone (function
// summaries: its result is "cut", docs/index.md).

#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

torch::Tensor positiveClassify(torch::Tensor img, Net &model) {
  model.eval();
  torch::Tensor logits = model.forward(img);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES: :[[@LINE-5]]:15: note: 'positiveClassify' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  return logits.argmax(1);
}
// CHECK-FIXES: {{^}}torch::Tensor positiveClassify(torch::Tensor img, Net &model) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::NoGradGuard no_grad;{{$}}

torch::Tensor positiveDetachedScore(torch::Tensor x, Net &model) {
  if (x.numel() == 0)
    return x.detach();
  return model.forward(x).detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-5]]:15: note: 'positiveDetachedScore' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
}

// One return keeps the graph: the caller decides (and here has none).
torch::Tensor negativeOneReturnKeeps(torch::Tensor x, Net &model, bool raw) {
  torch::Tensor y = model.forward(x);
  if (raw)
    return y;
  return y.argmax(1);
}

torch::Tensor negativeSoftmax(torch::Tensor img, Net &model) {
  return model.forward(img).softmax(1);
}
