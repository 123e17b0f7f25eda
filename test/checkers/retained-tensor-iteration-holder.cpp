// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Device storage kept in a holder (a container, or an object holding one)
// whose lifetime is one iteration of an outer loop, or that the function
// returns, does not grow for the run because an inner loop fills it: it is
// one rollout, one epoch's batch, one call's result. The fourteenth labelled
// set's zigui-ps/PPO-PyTorchCpp-API `cpp/RL/Policy.cpp:33`: a ReplayBuffer
// declared in the body of the loop over environments, filled by an episode
// loop (`while (1) ... if (done) break;`) inside a rollout loop, then merged
// into a buffer that is returned, was reported as growing for the run.
// Still reported: a holder declared outside every loop and filled in the
// inner one, a member filled in nested loops, and a holder of one iteration
// filled by a loop that never ends and is never left.

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

bool done();
void report(const std::vector<torch::Tensor> &v);

class Buffer {
public:
  void append(const torch::Tensor &t) { items_.push_back(t); }
  void merge(const Buffer &other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
  }

private:
  std::vector<torch::Tensor> items_;
};
void consume(const Buffer &b);

// ---- negatives ----------------------------------------------------------

// The PPO rollout: one buffer per environment, per call.
Buffer negativePerRolloutBuffer(Net &net, int envs, int steps) {
  Buffer total;
  for (int i = 0; i < envs; ++i) {
    torch::NoGradGuard guard;
    Buffer rollout;
    int n = 0;
    while (n < steps) {
      while (1) {
        torch::Tensor action = net.forward(torch::randn({8, 4}));
        rollout.append(action);
        ++n;
        if (done())
          break;
      }
    }
    total.merge(rollout);
  }
  return total;
}

// A vector of one epoch, filled in nested loops and handed on.
void negativePerEpochVector(Net &net, int epochs, int batches) {
  torch::NoGradGuard guard;
  for (int e = 0; e < epochs; ++e) {
    std::vector<torch::Tensor> outs;
    for (int b = 0; b < batches; ++b)
      for (int k = 0; k < 4; ++k)
        outs.push_back(net.forward(torch::randn({8, 4})));
    report(outs);
  }
}

// A buffer returned to the caller: one call's result.
Buffer negativeReturnedBuffer(Net &net, int episodes, int steps) {
  torch::NoGradGuard guard;
  Buffer rb;
  for (int e = 0; e < episodes; ++e)
    for (int t = 0; t < steps; ++t)
      rb.append(net.forward(torch::randn({8, 4})));
  return rb;
}

// The same, the buffer moved out.
Buffer negativeMovedOutBuffer(Net &net, int episodes) {
  torch::NoGradGuard guard;
  Buffer rb;
  for (int e = 0; e < episodes; ++e)
    while (true) {
      rb.append(net.forward(torch::randn({8, 4})));
      if (done())
        break;
    }
  return std::move(rb);
}

// ---- positives ----------------------------------------------------------

// Declared outside every loop, filled in the inner one: every epoch adds.
void positiveOutsideEveryLoop(Net &net, int epochs) {
  torch::NoGradGuard guard;
  Buffer rb;
  for (int e = 0; e < epochs; ++e) {
    while (true) {
      rb.append(net.forward(torch::randn({8, 4})));
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: passing a tensor to 'append', which keeps it in 'Buffer::items_' and never clears it, makes device memory grow with every iteration for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-78]]:41: note: 'Buffer::append' keeps it in 'Buffer::items_' here
      // CHECK-MESSAGES: :[[@LINE-3]]:17: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
      if (done())
        break;
    }
  }
  consume(rb);
}

// A vector declared outside every loop, filled in the inner one.
void positiveVectorOutsideEveryLoop(Net &net, int epochs, int batches) {
  torch::NoGradGuard guard;
  std::vector<torch::Tensor> outs;
  for (int e = 0; e < epochs; ++e)
    for (int b = 0; b < batches; ++b)
      outs.push_back(net.forward(torch::randn({8, 4})));
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'outs' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'outs' [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  report(outs);
}

// A holder of one iteration filled by a loop that is never left.
void positiveIterationHolderForever(Net &net, int envs) {
  torch::NoGradGuard guard;
  for (int i = 0; i < envs; ++i) {
    Buffer rb;
    for (;;)
      rb.append(net.forward(torch::randn({8, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: passing a tensor to 'append', which keeps it in 'Buffer::items_' and never clears it, makes device memory grow with every iteration for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-107]]:41: note: 'Buffer::append' keeps it in 'Buffer::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:17: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
}

// A member filled in nested loops.
class Trainer {
public:
  void collect(Net &net, int epochs, int steps) {
    torch::NoGradGuard guard;
    for (int e = 0; e < epochs; ++e)
      for (int t = 0; t < steps; ++t)
        seen_.append(net.forward(torch::randn({8, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: passing a tensor to 'append', which keeps it in 'Buffer::items_' and never clears it, makes device memory grow with every iteration for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-121]]:41: note: 'Buffer::append' keeps it in 'Buffer::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:22: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

private:
  Buffer seen_;
};
