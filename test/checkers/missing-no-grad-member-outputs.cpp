// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A model whose forward returns nothing and leaves its outputs in members of
// its object (jackdawe/MBP's ForwardGW, defined in another file). When a
// member of that same object, read after the pass (or in a loop around it),
// reaches a backward pass, the pass is trained on: `modelbased.cpp:53`, a
// loss built by a method of the object from its members, and `:144`, the
// predicted rewards written in place into a local that is summed and
// differentiated, were false findings. A backward pass on anything else, or
// on another object of the same class, is no use of its graph: an inference
// pass with the same member shape is still reported.

#include <torch/torch.h>

#include <fstream>

struct ForwardImpl : torch::nn::Module {
  // Defined in another file: they read and write the members below.
  void forward(torch::Tensor states, torch::Tensor actions);
  void computeLoss(torch::Tensor stateLabels, torch::Tensor rewardLabels);
  torch::Tensor totalLoss();
  torch::Tensor predictedStates, predictedRewards, stateLoss, rewardLoss;
};
struct Forward : torch::nn::ModuleHolder<ForwardImpl> {
  using torch::nn::ModuleHolder<ForwardImpl>::ModuleHolder;
};

struct Agent {
  Forward forwardModel{nullptr};
  void negativeLossFromMembers(torch::optim::Adam *optimizer, torch::Tensor s,
                               torch::Tensor a, torch::Tensor sl, torch::Tensor rl);
  void negativeWrittenInPlace(torch::Tensor s, torch::Tensor a, int T);
  void positiveOnlyPrinted(torch::Tensor s, torch::Tensor a, std::ofstream &f);
};

void Agent::negativeLossFromMembers(torch::optim::Adam *optimizer, torch::Tensor s,
                                    torch::Tensor a, torch::Tensor sl, torch::Tensor rl) {
  for (int i = 0; i < 10; i++) {
    forwardModel->forward(s, a);
    forwardModel->computeLoss(sl, rl);
    torch::Tensor sLoss = 0.5 * forwardModel->stateLoss, rLoss = forwardModel->rewardLoss;
    torch::Tensor totalLoss = sLoss + rLoss;
    optimizer->zero_grad();
    totalLoss.backward();
    optimizer->step();
  }
}

void Agent::negativeWrittenInPlace(torch::Tensor s, torch::Tensor a, int T) {
  for (int i = 0; i < 10; i++) {
    torch::Tensor reward = torch::zeros({T, 4});
    for (int t = 0; t < T; t++) {
      forwardModel->forward(s[t], a[t]);
      reward[t] = forwardModel->predictedRewards.sum();
    }
    torch::Tensor costs = -reward.sum();
    costs.backward();
  }
}

// Through a method of the object that returns a value, on a local model.
void negativeThroughGetter(torch::Tensor s, torch::Tensor a, torch::optim::Adam &opt) {
  Forward fm;
  for (int i = 0; i < 10; i++) {
    opt.zero_grad();
    fm->forward(s, a);
    fm->totalLoss().backward();
    opt.step();
  }
}

void Agent::positiveOnlyPrinted(torch::Tensor s, torch::Tensor a, std::ofstream &f) {
  for (int i = 0; i < 1000; i++) {
    forwardModel->forward(s, a);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
    f << forwardModel->predictedRewards.item<float>() << "\n";
  }
}

// The backward pass trains another object of the same class: its pass is
// not reported, the first one is (before, the second was named in a note of
// the first's finding as another inference pass of the block).
void positiveOtherObjectTrains(Forward fm, Forward other, torch::Tensor s, torch::Tensor a,
                               torch::optim::Adam &opt, std::ofstream &f) {
  for (int i = 0; i < 10; i++) {
    fm->forward(s, a);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: its output is read only through values that carry no graph
    f << fm->predictedRewards.item<float>() << "\n";
    other->forward(s, a);
    torch::Tensor loss = other->predictedRewards.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

// A backward pass on a tensor that no member of the model reaches.
void positiveUnrelatedBackward(Forward fm, torch::Tensor w, torch::Tensor y,
                               torch::Tensor s, torch::Tensor a, std::ofstream &f) {
  fm->forward(s, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: its output is read only through values that carry no graph
  f << fm->predictedRewards.item<float>() << "\n";
  torch::Tensor penalty = torch::mse_loss(w, y);
  penalty.backward();
}

// The member trained on is read before the pass, outside any loop: it holds
// an earlier pass's output, not this one's.
void positiveReadBefore(Forward fm, torch::Tensor s, torch::Tensor a, std::ofstream &f) {
  fm->stateLoss.backward();
  fm->forward(s, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: its output is read only through values that carry no graph
  f << fm->predictedRewards.item<float>() << "\n";
}
