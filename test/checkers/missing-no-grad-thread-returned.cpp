// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A thread's rollout that adds each forward pass's output to a container
// of the function, captured by reference, which the function returns: the
// outputs (and their graphs) outlive the thread and reach the caller, here
// a training step that differentiates them. Not an inference path. Before,
// the empty body of the closure type's implicit move constructor (at the
// lambda's `{`) was taken for a block around the lambda that keeps nothing,
// and the pass was reported (new-user trial nu22).

#include <iostream>
#include <thread>
#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

std::vector<torch::Tensor> negativeRolloutInThread(Net &net, const torch::Tensor &x) {
  std::vector<torch::Tensor> results;
  std::thread worker([&] {
    for (int i = 0; i < 20; ++i) {
      auto out = net.forward(x);
      results.push_back(out);
    }
  });
  worker.join();
  return results;
}

void train(Net &net, torch::optim::SGD &opt, const torch::Tensor &x) {
  for (int e = 0; e < 10; ++e) {
    std::vector<torch::Tensor> rs = negativeRolloutInThread(net, x);
    torch::Tensor loss = torch::sum(rs[0]);
    loss.backward();
    opt.step();
  }
}

// The same thread printing what it computes keeps nothing: reported.
void positiveThreadPrints(Net &net, const torch::Tensor &x) {
  std::thread worker([&] {
    for (int i = 0; i < 20; ++i) {
      auto out = net.forward(x);
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-3]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
      std::cout << out.argmax(1) << "\n";
    }
  });
  worker.join();
}
