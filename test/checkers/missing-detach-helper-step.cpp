// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried through a loop that runs no gradient step, in a function
// that hands what it computed to a training helper after the loop (issue 8;
// the twenty-second labelled set's DVA490-474-Project-Course/centralised-ai
// mappo.cc:439, :461, :473, three false findings: MappoUpdate unrolls the
// recurrent critic and policy over a chunk and UpdateNets differentiates the
// losses once). The helper's backward makes it back-propagation through
// time, as a backward() of its own would. Reported when the helper is called
// in the loop (the carry crosses every step) or differentiates nothing.

#include <torch/torch.h>

void update(torch::optim::SGD &opt, torch::Tensor loss) {
  opt.zero_grad();
  loss.backward();
  opt.step();
}

void log_loss(const torch::Tensor &loss) { (void)loss.item<double>(); }

// Not reported: unrolled, then differentiated once by update().
void negativeUnrolled(torch::nn::Linear &cell, torch::optim::SGD &opt,
                      const torch::Tensor &xs) {
  auto h = torch::zeros({4, 8});
  auto loss = torch::zeros({});
  for (int64_t t = 0; t < xs.size(0); ++t) {
    h = cell->forward(xs[t] + h);
    loss = loss + h.sum();
  }
  update(opt, loss);
}

// Reported: the helper's step runs in every iteration; the state crosses it.
void positiveStepPerIteration(torch::nn::Linear &cell, torch::optim::SGD &opt,
                              const torch::Tensor &xs) {
  auto h = torch::zeros({4, 8});
  for (int64_t t = 0; t < xs.size(0); ++t) {
    h = cell->forward(xs[t] + h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:9: note: the graph it keeps reachable is built here, from the carried value
    update(opt, h.sum());
  }
}

// Reported: the helper only logs; nothing differentiates the carried state.
void positiveLogOnly(torch::nn::Linear &cell, const torch::Tensor &xs) {
  auto h = torch::zeros({4, 8});
  for (int64_t t = 0; t < xs.size(0); ++t)
    h = cell->forward(xs[t] + h);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: the graph it keeps reachable is built here, from the carried value
  log_loss(h.sum());
}
