// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %torch_flags

// A project's class template that wraps a tensor in a field (a shape-typed
// `BatchTensor<N>`, pebblebed/torch-c- `trails`) holds what its fields hold,
// as a struct does; only a library template (std::vector<T>) is judged by
// its arguments. Before, `Wrap<4>` was taken to hold no tensor, so a model
// whose forward returns one "returned only values cut from its forward
// pass's graph", and its training pass was reported (twentieth labelled
// set, `mnist-compare.cpp:128`, `charformer-shakespeare.cpp:321`).

#include <iostream>
#include <torch/torch.h>

template <int N> struct Wrap {
  Wrap(torch::Tensor t) : t_(t) {}
  torch::Tensor t() const { return t_; }

private:
  torch::Tensor t_;
};

class Lin : public torch::nn::Module {
  torch::nn::Linear inner_;

public:
  Lin() : inner_(torch::nn::Linear(8, 4)) { register_module("l", inner_); }
  Wrap<4> forward(const Wrap<8> &x) { return Wrap<4>(inner_->forward(x.t())); }
};

struct Model : torch::nn::Module {
  std::shared_ptr<Lin> fc1;
  Model() { fc1 = register_module("fc1", std::make_shared<Lin>()); }
  Wrap<4> forward(Wrap<8> input) { return fc1->forward(input); }
};

// Trained on through the wrapper: not reported.
void negativeTrainsThroughWrapper(Model &model, torch::optim::SGD &opt,
                                  torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto output = model.forward(Wrap<8>(x));
    auto loss = torch::mse_loss(output.t(), y);
    loss.backward();
    opt.step();
  }
}

// Only printed: reported.
void positivePrintsThroughWrapper(Model &model, torch::Tensor x) {
  for (int i = 0; i < 10; ++i) {
    auto output = model.forward(Wrap<8>(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    std::cout << output.t().argmax(1) << "\n";
  }
}
