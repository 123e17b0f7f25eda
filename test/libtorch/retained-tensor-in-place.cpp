// gpuleak-retained-tensor's in-place writes on the real LibTorch 2.11 headers:
// `t[i] = v` is Tensor::operator=(const Tensor &) &&, `index_put_` takes
// at::indexing::TensorIndex braced lists.
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %torch_flags

#include <torch/torch.h>

#include <vector>

struct Encoder : torch::nn::Module {
  Encoder() { fc = register_module("fc", torch::nn::Linear(4, 8)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

struct FeatureBank {
  torch::Tensor store = torch::zeros({100, 8});
  int64_t next = 0;
  void add(torch::Tensor feat) { store[next++ % 100] = feat; }
};

torch::Tensor g_bank = torch::zeros({64, 8});

void positive(Encoder &enc, FeatureBank &bank, torch::Tensor x) {
  using torch::indexing::Slice;
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor f = enc.forward(x);
    bank.add(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'add', which writes it in place into 'FeatureBank::store', chains every iteration's graph onto the history of 'FeatureBank::store'; pass a detached tensor (.detach()) or call 'add' under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-11]]:34: note: 'FeatureBank::add' writes it in place into 'FeatureBank::store' here
    // CHECK-MESSAGES: :[[@LINE-4]]:23: note: the graph it keeps alive is built here
    g_bank.index_put_({i % 64, Slice()}, f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph onto its history; write a detached tensor (.detach()) or write under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-7]]:23: note: the graph it keeps alive is built here
    g_bank.narrow(0, i % 64, 1).copy_(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-10]]:23: note: the graph it keeps alive is built here
  }
}

void negative(Encoder &enc, FeatureBank &bank, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor f = enc.forward(x).detach();
    bank.add(f);
    g_bank.index_put_({i % 64}, f);
    torch::NoGradGuard no_grad;
    g_bank[i % 64] = enc.forward(x);
  }
}
