// RUN: %check_tidy -fix %s gpuleak-missing-detach %t -- -std=c++17 %mocks

#include <torch/torch.h>

#include <future>
#include <thread>
#include <tuple>
#include <vector>

// A streaming decoder feeds the previous hidden state back in.
void positiveHiddenCarry(torch::nn::GRU &gru, int chunks) {
  torch::Tensor hidden = torch::zeros({1, 8});
  for (int c = 0; c < chunks; ++c) {
    auto result = gru->forward(torch::randn({4, 1, 8}), hidden);
    hidden = std::get<1>(result);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hidden' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: the graph it keeps reachable is built here, from the carried value
    // CHECK-FIXES: {{^}}    hidden = std::get<1>(result).detach();{{$}}
  }
}

// Truncated BPTT: the (h, c) tuple crosses a backward() without detach.
void positiveTupleState(torch::nn::LSTM &lstm, int windows) {
  std::tuple<torch::Tensor, torch::Tensor> state{torch::zeros({1}), torch::zeros({1})};
  for (int w = 0; w < windows; ++w) {
    auto out = lstm->forward(torch::randn({4, 1, 8}), state);
    auto loss = std::get<0>(out).sum();
    loss.backward({}, /*retain_graph=*/true);
    state = std::get<1>(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-5]]:16: note: the graph it keeps reachable is built here, from the carried value
  }
}

// A hand-written cell through a helper of this file, with auto and an alias.
using State = torch::Tensor;
static State cellStep(torch::nn::Linear &cell, const State &x, const State &h) {
  return torch::tanh(cell(x) + h);
}
void positiveThroughHelper(torch::nn::Linear &cell, torch::optim::SGD &opt, int n) {
  State h = torch::zeros({8});
  for (int t = 0; t < n; ++t) {
    opt.zero_grad();
    auto next = cellStep(cell, torch::randn({8}), h);
    next.sum().backward();
    opt.step();
    h = next;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-5]]:17: note: the graph it keeps reachable is built here, from the carried value
    // CHECK-FIXES: {{^}}    h = next.detach();{{$}}
  }
}

// Carried through std::tie.
void positiveTie(torch::nn::LSTM &lstm, int steps) {
  torch::Tensor out;
  std::tuple<torch::Tensor, torch::Tensor> state{torch::zeros({1}), torch::zeros({1})};
  for (int t = 0; t < steps; ++t) {
    std::tie(out, state) = lstm->forward(torch::randn({1}), state);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state' is carried into the next iteration{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:28: note: the graph it keeps reachable is built here, from the carried value
    (void)out.sum().item<double>();
  }
}

// A member carried from call to call.
class StreamingDecoder {
public:
  torch::Tensor step(const torch::Tensor &frame) {
    auto out = gru_->forward(frame, hidden_);
    hidden_ = std::get<1>(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hidden_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps reachable is built here, from the carried value
    return std::get<0>(out).argmax(-1);
  }

private:
  torch::nn::GRU gru_{nullptr};
  torch::Tensor hidden_;
};

// A module that keeps its LSTM state between calls; the constructor's
// initial state resets nothing.
struct StatefulForecaster : torch::nn::Module {
  StatefulForecaster() { state_ = std::make_tuple(torch::zeros({1}), torch::zeros({1})); }
  torch::Tensor forward(const torch::Tensor &x) {
    auto out = lstm->forward(x, state_);
    state_ = std::get<1>(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state_' is carried into the next call with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps reachable is built here, from the carried value
    return std::get<0>(out);
  }
  torch::nn::LSTM lstm{nullptr};
  std::tuple<torch::Tensor, torch::Tensor> state_;
};

template <typename Rnn> void positiveTemplate(Rnn &rnn, int n) {
  torch::Tensor h = torch::zeros({1});
  for (int i = 0; i < n; ++i)
    h = std::get<1>(rnn->forward(torch::randn({1}), h));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration{{.*}} [gpuleak-missing-detach]
  // CHECK-MESSAGES: :[[@LINE-2]]:21: note: the graph it keeps reachable is built here, from the carried value
  // CHECK-FIXES: {{^}}    h = std::get<1>(rnn->forward(torch::randn({1}), h)).detach();{{$}}
}
template void positiveTemplate<torch::nn::GRU>(torch::nn::GRU &, int);

template <typename Rnn> void positiveUninstantiated(Rnn &rnn, int n) {
  torch::Tensor h = torch::zeros({1});
  for (int i = 0; i < n; ++i)
    h = std::get<1>(rnn->forward(torch::randn({1}), h));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration{{.*}} [gpuleak-missing-detach]
  // CHECK-MESSAGES: :[[@LINE-2]]:21: note: the graph it keeps reachable is built here, from the carried value
}

// ==== negatives ====

// Structured bindings name the state of a tuple output.
void positiveStructuredBinding(torch::nn::LSTM &lstm, int windows) {
  std::tuple<torch::Tensor, torch::Tensor> state{torch::zeros({1}), torch::zeros({1})};
  for (int w = 0; w < windows; ++w) {
    auto [out, next] = lstm->forward(torch::randn({4, 1, 8}), state);
    out.sum().backward();
    state = next;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-4]]:24: note: the graph it keeps reachable is built here, from the carried value
  }
}

void negativeStructuredBindingDetached(torch::nn::LSTM &lstm, int windows) {
  std::tuple<torch::Tensor, torch::Tensor> state{torch::zeros({1}), torch::zeros({1})};
  for (int w = 0; w < windows; ++w) {
    auto [out, next] = lstm->forward(torch::randn({4, 1, 8}), state);
    out.sum().backward();
    state = {std::get<0>(next).detach(), std::get<1>(next).detach()};
  }
}

// Detached at the window boundary.
void negativeDetached(torch::nn::LSTM &lstm, int windows) {
  torch::Tensor h = torch::zeros({1}), c = torch::zeros({1});
  for (int w = 0; w < windows; ++w) {
    auto out = lstm->forward(torch::randn({1}), std::make_tuple(h, c));
    std::get<0>(out).sum().backward();
    h = std::get<0>(std::get<1>(out)).detach();
    c = std::get<1>(std::get<1>(out));
    c = c.detach();
  }
}

// Full BPTT over one sequence: the graph is meant to span the unrolled steps
// and is differentiated after the loop.
void negativeUnrolled(torch::nn::GRU &gru, int steps) {
  torch::Tensor h = torch::zeros({1});
  for (int t = 0; t < steps; ++t)
    h = std::get<1>(gru->forward(torch::randn({1}), h));
  h.sum().backward();
}

// A helper that unrolls and returns the state to its caller.
torch::Tensor negativeReturned(torch::nn::GRU &gru, int steps) {
  torch::Tensor h = torch::zeros({1});
  for (int t = 0; t < steps; ++t)
    h = std::get<1>(gru->forward(torch::randn({1}), h));
  return h;
}

// Grad mode is off.
void negativeNoGrad(torch::nn::GRU &gru, int steps) {
  torch::NoGradGuard no_grad;
  torch::Tensor h = torch::zeros({1});
  for (int t = 0; t < steps; ++t)
    h = std::get<1>(gru->forward(torch::randn({1}), h));
}

// Accumulation is gpuleak-retained-tensor's, not a carry.
void negativeAccumulation(torch::nn::Linear &model, int steps) {
  torch::Tensor total = torch::zeros({});
  for (int i = 0; i < steps; ++i)
    total = total + model(torch::randn({4})).sum();
  (void)total.item<double>();
}

// A member state reset elsewhere in the file: carried on purpose within a
// sequence.
class ResettableDecoder {
public:
  void reset() { hidden_ = torch::zeros({1}); }
  torch::Tensor step(const torch::Tensor &frame) {
    auto out = gru_->forward(frame, hidden_);
    hidden_ = std::get<1>(out);
    return std::get<0>(out);
  }

private:
  torch::nn::GRU gru_{nullptr};
  torch::Tensor hidden_;
};

// The same module detaching its state element by element after each step.
struct DetachedForecaster : torch::nn::Module {
  DetachedForecaster() { state_ = std::make_tuple(torch::zeros({1}), torch::zeros({1})); }
  torch::Tensor forward(const torch::Tensor &x) {
    auto out = lstm->forward(x, state_);
    state_ = std::get<1>(out);
    return std::get<0>(out);
  }
  void detachState() {
    std::get<0>(state_) = std::get<0>(state_).detach();
    std::get<1>(state_) = std::get<1>(state_).detach();
  }
  torch::nn::LSTM lstm{nullptr};
  std::tuple<torch::Tensor, torch::Tensor> state_;
};

void negativeNolint(torch::nn::GRU &gru, int steps) {
  torch::Tensor h = torch::zeros({1});
  for (int t = 0; t < steps; ++t)
    h = std::get<1>(gru->forward(torch::randn({1}), h)); // NOLINT(gpuleak-missing-detach)
}

// A loop over layers runs one forward pass, whatever it feeds back.
void negativeLayerLoop(std::vector<torch::nn::Linear> &layers, torch::nn::Sequential &seq) {
  torch::Tensor x = torch::randn({4});
  for (auto &layer : layers)
    x = layer(x);
  for (size_t i = 0; i < layers.size(); ++i)
    x = layers[i]->forward(x);
  (void)x.item<double>();
}

// State carried through std::tie and detached in place (pytorch-cpp's
// language model does this).
void negativeTieDetachInPlace(torch::nn::LSTM &lstm, int windows) {
  torch::Tensor h = torch::zeros({1}), c = torch::zeros({1});
  for (int w = 0; w < windows; ++w) {
    torch::Tensor output;
    std::forward_as_tuple(output, std::tie(h, c)) = lstm->forward(torch::randn({1}), std::make_tuple(h, c));
    h.detach_();
    c.detach_();
    output.sum().backward();
  }
}

// Sampled token ids carry no history: feeding their embedding back is not a
// carry (a captioning decoder's sampling loop).
void negativeSampledFeedback(torch::nn::Linear &embed, torch::nn::GRU &gru, int steps) {
  torch::Tensor inputs = torch::zeros({1, 4});
  torch::Tensor h = torch::zeros({1});
  for (int t = 0; t < steps; ++t) {
    auto step = gru->forward(inputs, h);
    torch::Tensor ids = std::get<0>(step).softmax(1).multinomial(1);
    inputs = embed(ids);
  }
}

// A value refined in steps within one iteration, or one call, is not
// carried: the first step starts from fresh input (a PPO actor head keeps
// its mean in a member this way).
struct ActorHead : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    mu_ = torch::tanh(l1->forward(x));
    mu_ = torch::tanh(l2->forward(mu_));
    return {mu_, x};
  }
  torch::nn::Linear l1{nullptr}, l2{nullptr};
  torch::Tensor mu_;
};
void negativeStepsInOneIteration(torch::nn::Linear &enc, torch::nn::Linear &dec, int n) {
  torch::Tensor h;
  for (int i = 0; i < n; ++i) {
    h = enc(torch::randn({4}));
    h = dec(h);
    (void)h.sum().item<double>();
  }
}

// A module's sampling method: its callers (often in another file) decide
// grad mode, and it differentiates nothing itself.
struct Captioner : torch::nn::Module {
  torch::Tensor sample(const torch::Tensor &features, int max_len) {
    torch::Tensor h = features, c = features;
    std::vector<torch::Tensor> ids;
    for (int t = 0; t < max_len; ++t) {
      std::tie(h, c) = std::get<1>(cell->forward(features, std::make_tuple(h, c)));
      ids.push_back(h.argmax(1));
    }
    return torch::stack(ids, 1);
  }
  torch::nn::LSTM cell{nullptr};
};

// Grad mode is thread-local: the guard of the code that starts a thread does
// not cover the thread's body, so a state carried in a loop there keeps its
// graph (nu8 trial: seqgen server.cpp:55).
using PairState = std::tuple<torch::Tensor, torch::Tensor>;
std::thread positiveCarryInThreadBody(torch::nn::LSTM &rnn, int steps,
                                      std::vector<double> &sink) {
  torch::NoGradGuard outside;
  return std::thread([&rnn, &sink, steps] {
    PairState hc{torch::zeros({1, 1, 4}), torch::zeros({1, 1, 4})};
    torch::Tensor in = torch::zeros({1, 1, 4});
    for (int k = 0; k < steps; ++k) {
      auto [y, nhc] = rnn->forward(in, hc);
      hc = nhc;
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'hc' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
      // CHECK-MESSAGES: :[[@LINE-3]]:23: note: the graph it keeps reachable is built here, from the carried value
      sink.push_back(y.sum().item<double>());
    }
  });
}
// The body handed to std::async through a variable.
double positiveCarryInAsyncBody(torch::nn::GRU &rnn, int steps) {
  torch::NoGradGuard outside;
  auto body = [&rnn, steps] {
    torch::Tensor h = torch::zeros({1, 1, 4});
    double s = 0;
    for (int k = 0; k < steps; ++k) {
      auto out = rnn->forward(torch::ones({1, 1, 4}), h);
      h = std::get<1>(out);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'h' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
      // CHECK-MESSAGES: :[[@LINE-3]]:18: note: the graph it keeps reachable is built here, from the carried value
      // CHECK-FIXES: {{^}}      h = std::get<1>(out).detach();{{$}}
      s += std::get<0>(out).sum().item<double>();
    }
    return s;
  };
  return std::async(std::launch::async, body).get();
}
// One thread per step, joined before the next: each body runs with grad
// mode on, and the state it leaves in 'hc' is the next body's input.
void positiveStepPerJoinedThread(torch::nn::LSTM &rnn, int steps) {
  torch::NoGradGuard outside;
  PairState hc{torch::zeros({1, 1, 4}), torch::zeros({1, 1, 4})};
  torch::Tensor in = torch::zeros({1, 1, 4});
  for (int k = 0; k < steps; ++k) {
    std::thread step([&] {
      auto [y, nhc] = rnn->forward(in, hc);
      hc = nhc;
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'hc' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
      // CHECK-MESSAGES: :[[@LINE-3]]:23: note: the graph it keeps reachable is built here, from the carried value
    });
    step.join();
  }
}
// The carry runs in the guarded thread; the thread started (and joined) in
// each iteration only reads a value.
void negativeCarryBesideJoinedThread(torch::nn::LSTM &rnn, int steps,
                                     std::vector<double> &sink) {
  torch::NoGradGuard outside;
  PairState hc{torch::zeros({1, 1, 4}), torch::zeros({1, 1, 4})};
  torch::Tensor in = torch::zeros({1, 1, 4});
  for (int k = 0; k < steps; ++k) {
    auto [y, nhc] = rnn->forward(in, hc);
    hc = nhc;
    std::thread report([&sink, y = y] { sink.push_back(y.sum().item<double>()); });
    report.join();
  }
}
// The thread's body holds its own guard.
std::thread negativeGuardInThreadBody(torch::nn::LSTM &rnn, int steps,
                                      std::vector<double> &sink) {
  return std::thread([&rnn, &sink, steps] {
    torch::NoGradGuard inside;
    PairState hc{torch::zeros({1, 1, 4}), torch::zeros({1, 1, 4})};
    torch::Tensor in = torch::zeros({1, 1, 4});
    for (int k = 0; k < steps; ++k) {
      auto [y, nhc] = rnn->forward(in, hc);
      hc = nhc;
      sink.push_back(y.sum().item<double>());
    }
  });
}
// Detached in the thread's loop, or fed back only as a number.
std::thread negativeDetachInThreadBody(torch::nn::GRU &rnn, int steps,
                                       std::vector<double> &sink) {
  torch::NoGradGuard outside;
  return std::thread([&rnn, &sink, steps] {
    torch::Tensor h = torch::zeros({1, 1, 4});
    double level = 0;
    for (int k = 0; k < steps; ++k) {
      auto out = rnn->forward(level * torch::ones({1, 1, 4}), h);
      h = std::get<1>(out).detach();
      level = std::get<0>(out).mean().item<double>();
      sink.push_back(level);
    }
  });
}
// A lambda run in place, not on another thread, runs under the guard.
void negativeLambdaInGuardedThread(torch::nn::GRU &rnn, int steps) {
  torch::NoGradGuard outside;
  torch::Tensor h = torch::zeros({1, 1, 4});
  auto step = [&] {
    auto out = rnn->forward(torch::ones({1, 1, 4}), h);
    h = std::get<1>(out);
  };
  for (int k = 0; k < steps; ++k)
    step();
  for (int k = 0; k < steps; ++k) {
    [&] {
      auto out = rnn->forward(torch::ones({1, 1, 4}), h);
      h = std::get<1>(out);
    }();
  }
}
