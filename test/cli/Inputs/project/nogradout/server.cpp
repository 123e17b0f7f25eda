#include "model.h"
#include <vector>

struct Server {
  Scorer model_{nullptr};
  std::vector<torch::Tensor> scores_, host_, blanks_, ext_;

  // Leak: the output of a forward pass of model.cpp, kept on the device
  // from every request for the rest of the run.
  void rerank_forever(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    for (;;) {
      auto s = model_->score(x);
      scores_.push_back(s);
    }
  }

  // Not leaks: a host copy, a fresh host tensor and the result of a
  // function that no file of the project defines.
  // Leak: the same, scoring a request that a function of model.cpp uploads.
  void rerank_requests_forever() {
    torch::NoGradGuard no_grad;
    for (;;) {
      auto req = load_request();
      auto s = model_->score(req);
      scores_.push_back(s);
    }
  }

  void serve_forever(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    for (;;) {
      host_.push_back(model_->score_host(x));
      blanks_.push_back(model_->blank(x));
      ext_.push_back(model_->external(x));
    }
  }
};

int main() {
  Server s;
  s.rerank_forever(torch::ones({8}));
}
