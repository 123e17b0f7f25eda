// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A forward pass whose output is read, in the same statement, only through
// values that carry no graph (argmax, a comparison, item(), a size, printing)
// records a graph that nothing can use, whatever else runs around it: an evaluation inside
// a training epoch, a check of the model between training steps.

#include <iostream>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

void takesTensorLater(const torch::Tensor &t);

// Data flow on the value, not on the region: the epoch loop also trains.
void positiveEvalInsideEpoch(Net &net, torch::optim::SGD &opt, torch::Tensor xs,
                             torch::Tensor ys, torch::Tensor xdev, torch::Tensor ydev) {
  for (int e = 0; e < 30; ++e) {
    for (int b = 0; b < 100; ++b) {
      opt.zero_grad();
      torch::Tensor loss = torch::nll_loss(net.forward(xs), ys);
      loss.backward();
      opt.step();
    }
    net.eval();
    std::cout << (net.forward(xdev).argmax(1) == ydev).sum().item<double>() << "\n";
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
  }
}

// Kept in a local variable that a reference then names: not followed.
void negativeLocalOnlyRead(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                           torch::Tensor y) {
  torch::Tensor out = net.forward(x);
  auto &view = out;
  std::cout << view.sizes() << " " << out << "\n";
  double acc = (out.argmax(1) == y).sum().item<double>();
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
  }
  std::cout << acc << "\n";
}

// A validation loss summed as numbers, next to training in the same loop.
double positiveValidationLoss(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                              torch::Tensor y) {
  double total = 0;
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
    total += torch::mse_loss(net.forward(x), y).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: its output is read only through values that carry no graph
  }
  return total;
}

// A TorchScript output read through the IValue in the same statement.
void positiveScriptedInline(torch::jit::Module &m, torch::Tensor x, torch::Tensor y,
                            torch::optim::SGD &opt, Net &net) {
  if ((m.forward({x}).toTensor().argmax(1) == y).sum().item<int64_t>() > 3)
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: its output is read only through values that carry no graph
    std::cout << "ok\n";
  torch::mse_loss(net.forward(x), y).backward();
  opt.step();
}

// A TorchScript output read through the IValue, held in a local, in a function
// that trains: the backward pass that follows does not reach the local.
void positiveScriptedLocal(torch::jit::Module &m, torch::Tensor x, torch::Tensor y,
                           torch::optim::SGD &opt, Net &net) {
  auto logits = m.forward({x}).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE+1]]:7: note: its output is read only through values that carry no graph
  if ((logits.argmax(1) == y).sum().item<int64_t>() > 3)
    std::cout << "ok\n";
  torch::mse_loss(net.forward(x), y).backward();
  opt.step();
}

// ---- kept in locals ---------------------------------------------------------
// Each function also calls a data set's methods defined in another file: they
// take the set, which holds tensors, so they may run anything. The output,
// kept in locals, is read only through values that carry no graph, so the
// graph is dropped unused. (A loop whose calls of the set are handed only
// numbers, positiveLocalEvalHelper's, is an evaluation loop by rule 1: the
// set, a parameter, holds nothing of the pass's graph.)

struct PairSet {
  std::vector<torch::Tensor> items;
  size_t size();
  torch::Tensor get(size_t i);
};

double positiveLocalEvalHelper(Net &net, PairSet &data, torch::Tensor y) {
  int err = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    auto out = net.forward(data.get(i));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    if ((out.item<double>() < 0.5) != (y.item<int>() != 0))
      err++;
  }
  return double(err) / data.size();
}

struct TwoHeads : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) { return {x, x}; }
};

double positiveLocalBindings(TwoHeads &net, PairSet &data, torch::Tensor y) {
  double total = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    auto [a, b] = net.forward(data.get(i));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    auto la = torch::mse_loss(a, y);
    total += la.item<double>() + b.argmax(1).item<double>();
  }
  return total;
}

// A model whose own forward differentiates (forces from an energy) needs
// grad mode to run; its outputs are not an unused graph.
struct ForceField : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &pos) {
    torch::Tensor e = torch::mse_loss(pos, pos);
    torch::Tensor f = torch::autograd::grad({e}, {pos}, {}, true)[0];
    return {e, f};
  }
};

double negativeLocalForwardDifferentiates(ForceField &ff, PairSet &data, torch::Tensor y) {
  double total = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    auto [e, f] = ff.forward(data.get(i));
    auto l = torch::mse_loss(e, y) + torch::mse_loss(f, y);
    total += l.item<double>();
  }
  return total;
}

// A model whose forward is defined in another file (no index): whether it
// differentiates is not known, so its locals are not followed.
struct Remote : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x);
};

double negativeLocalRemoteForward(Remote &net, PairSet &data) {
  double total = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    auto out = net.forward(data.get(i));
    total += out.item<double>();
  }
  return total;
}

// A local that is never read, one handed to code that is not a tensor
// operation (both silent), one only read next to a known training step (the
// step's backward pass does not reach it).
void negativeLocalUnusedPassedOrTrained(Net &net, PairSet &data, torch::Tensor y,
                                        torch::optim::SGD &opt) {
  for (size_t i = 0; i < data.size(); ++i) {
    auto unused = net.forward(data.get(i));
    auto passed = net.forward(data.get(i));
    takesTensorLater(passed);
  }
  for (size_t i = 0; i < data.size(); ++i) {
    auto read = net.forward(data.get(i));
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE+1]]:5: note: its output is read only through values that carry no graph
    std::cout << read.argmax(1).item<int64_t>() << "\n";
    torch::mse_loss(net.forward(data.get(i)), y).backward();
    opt.step();
  }
}

void trainWithLocalEvals(Net &net, TwoHeads &heads, ForceField &ff, Remote &remote,
                         torch::optim::SGD &opt, PairSet &data, torch::Tensor y) {
  for (int e = 0; e < 10; ++e) {
    for (size_t i = 0; i < data.size(); ++i) {
      torch::mse_loss(net.forward(data.get(i)), y).backward();
      opt.step();
    }
    net.eval();
    double a = positiveLocalEvalHelper(net, data, y) + positiveLocalBindings(heads, data, y) +
               negativeLocalForwardDifferentiates(ff, data, y) +
               negativeLocalRemoteForward(remote, data);
    negativeLocalUnusedPassedOrTrained(net, data, y, opt);
    std::cout << a << "\n";
    net.train();
  }
}

// ---- negatives: the graph is used, kept, or may be -------------------------

void takesTensor(const torch::Tensor &t);
std::vector<torch::Tensor> kept;
torch::Tensor total;

void negativeUsed(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    torch::Tensor out = net.forward(x);
    std::cout << out.sizes() << "\n";
    torch::mse_loss(out, y).backward(); // the graph is used
    opt.step();
  }
}

void negativeKept(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  kept.push_back(net.forward(x));     // stored
  torch::Tensor acc;
  acc += net.forward(x);             // accumulated into another tensor
  torch::Tensor out = net.forward(x);
  takesTensor(out);                  // code that is not a tensor operation
  auto later = [&] { return out.sum(); };
  torch::Tensor sum = later();       // a lambda
  torch::Tensor copy;
  copy = 2.0 * net.forward(x);       // assigned to a variable declared before
  total = copy;
  torch::mse_loss(sum, y).backward();
  opt.step();
}

torch::Tensor negativeReturned(Net &net, torch::Tensor x) {
  torch::Tensor out = net.forward(x);
  std::cout << out.sizes() << "\n";
  torch::mse_loss(x, x).backward();
  return out;
}

// A stateful model keeps its hidden state in a member: the next pass takes
// the dropped output's graph on.
struct Stateful : torch::nn::Module {
  torch::Tensor hidden;
  torch::Tensor forward(const torch::Tensor &x) {
    hidden = hidden + x;
    return hidden;
  }
};

void negativeStateful(Stateful &rnn, torch::optim::SGD &opt, torch::Tensor x,
                      torch::Tensor y) {
  std::cout << rnn.forward(x).argmax(1).item<int64_t>() << "\n";
  torch::mse_loss(rnn.forward(x), y).backward();
  opt.step();
}

void negativeGuarded(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  {
    torch::NoGradGuard no_grad;
    std::cout << net.forward(x).argmax(1).item<int64_t>() << "\n";
  }
  torch::mse_loss(net.forward(x), y).backward();
  opt.step();
}
