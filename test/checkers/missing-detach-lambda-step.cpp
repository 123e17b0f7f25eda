// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state that a lambda captures by reference and carries through a loop of
// its own, with a gradient step after that loop, while a loop of the
// enclosing function calls the lambda (issue 8, kinds 5 and 6; a new user's
// seq2seq.cpp:72): each call starts from the last call's state, graph and
// all. Not reported when the lambda or the calling loop resets the state,
// when the state is declared inside the lambda or the calling loop, or when
// nothing calls the lambda in a loop.

#include <torch/torch.h>

// Reported: truncated BPTT written as a lambda, no detach between windows.
void positiveWindows(torch::nn::Linear &cell, const torch::Tensor &data) {
  torch::optim::SGD opt(cell->parameters(), 0.1);
  auto h = torch::zeros({4, 8});
  auto step = [&](const torch::Tensor &chunk) {
    for (int64_t t = 0; t < chunk.size(0); ++t)
      h = cell->forward(chunk[t] + h);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:11: note: the graph it keeps reachable is built here, from the carried value
    auto loss = h.sum();
    opt.zero_grad();
    loss.backward({}, /*retain_graph=*/true);
    opt.step();
  };
  for (int64_t pos = 0; pos + 16 < data.size(0); pos += 16)
    step(data.narrow(0, pos, 16));
}

// Not reported: the lambda detaches the state after its step.
void negativeDetachedInLambda(torch::nn::Linear &cell, const torch::Tensor &data) {
  torch::optim::SGD opt(cell->parameters(), 0.1);
  auto h = torch::zeros({4, 8});
  auto step = [&](const torch::Tensor &chunk) {
    for (int64_t t = 0; t < chunk.size(0); ++t)
      h = cell->forward(chunk[t] + h);
    auto loss = h.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
    h = h.detach();
  };
  for (int64_t pos = 0; pos + 16 < data.size(0); pos += 16)
    step(data.narrow(0, pos, 16));
}

// Not reported: the calling loop starts each window from a fresh state.
void negativeResetByCaller(torch::nn::Linear &cell, const torch::Tensor &data) {
  torch::optim::SGD opt(cell->parameters(), 0.1);
  torch::Tensor h;
  auto step = [&](const torch::Tensor &chunk) {
    for (int64_t t = 0; t < chunk.size(0); ++t)
      h = cell->forward(chunk[t] + h);
    auto loss = h.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
  };
  for (int64_t pos = 0; pos + 16 < data.size(0); pos += 16) {
    h = torch::zeros({4, 8});
    step(data.narrow(0, pos, 16));
  }
}

// Not reported: the state is the lambda's own, one per call.
void negativeLocalState(torch::nn::Linear &cell, const torch::Tensor &data) {
  torch::optim::SGD opt(cell->parameters(), 0.1);
  auto step = [&](const torch::Tensor &chunk) {
    auto h = torch::zeros({4, 8});
    for (int64_t t = 0; t < chunk.size(0); ++t)
      h = cell->forward(chunk[t] + h);
    auto loss = h.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
  };
  for (int64_t pos = 0; pos + 16 < data.size(0); pos += 16)
    step(data.narrow(0, pos, 16));
}

// Not reported: called once; the whole sequence is one window.
void negativeCalledOnce(torch::nn::Linear &cell, const torch::Tensor &data) {
  torch::optim::SGD opt(cell->parameters(), 0.1);
  auto h = torch::zeros({4, 8});
  auto step = [&](const torch::Tensor &chunk) {
    for (int64_t t = 0; t < chunk.size(0); ++t)
      h = cell->forward(chunk[t] + h);
    auto loss = h.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
  };
  step(data);
}
