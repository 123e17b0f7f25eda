#include "model.h"
#include <vector>

// The initial state comes from a method of model.cpp that makes no graph;
// the graph is made by step (model.cpp), every iteration.
double trainInitFromOtherFile(SeqModelImpl &model, const std::vector<torch::Tensor> &windows,
                              torch::optim::SGD &opt) {
  auto hidden = model.init_hidden(4);
  double total = 0;
  for (const auto &w : windows) {
    opt.zero_grad();
    auto [out, h_next] = model.step(w, hidden);
    auto loss = out.sum();
    loss.backward();
    opt.step();
    hidden = h_next;
    total += loss.item<double>();
  }
  return total;
}

// The carried value is cut by a method of model.cpp before it is stored:
// no finding.
double trainDetachedCarry(SeqModelImpl &model, const std::vector<torch::Tensor> &windows,
                          torch::optim::SGD &opt) {
  auto hidden = model.init_hidden(4);
  double total = 0;
  for (const auto &w : windows) {
    opt.zero_grad();
    auto [out, h_next] = model.step(w, hidden);
    auto loss = out.sum();
    loss.backward();
    opt.step();
    hidden = model.init_detached(h_next);
    total += loss.item<double>();
  }
  return total;
}
