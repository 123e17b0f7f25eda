// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A test pass inside a training function whose output is assigned (`=`) to a
// local variable declared before the loop, and that variable is then read
// only through values that carry no graph: the graph is never used, though
// the function trains (jamesbut/NeuroEvo's SupervisedFeedForward::train,
// supervised_model.cpp:136). The variable is followed as one initialized
// with the output; the assignment is a write, not a read.

#include <iostream>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

struct Trainer {
  Net net;
  torch::Tensor lossOf(const torch::Tensor &out, const torch::Tensor &y) const {
    return torch::mse_loss(out, y);
  }
  void consume(torch::Tensor &t);

  void positiveTestPassAssignedToOuterLocal(torch::optim::SGD &opt, torch::Tensor x,
                                            torch::Tensor y, torch::Tensor tx,
                                            torch::Tensor ty) {
    torch::Tensor avg_test = torch::zeros({1});
    for (int epoch = 0; epoch < 100; ++epoch) {
      for (int b = 0; b < 10; ++b) {
        opt.zero_grad();
        const torch::Tensor out = net.forward(x);
        torch::Tensor loss = lossOf(out, y);
        loss.backward();
        opt.step();
      }
      if (epoch % 10 == 0) {
        const torch::Tensor test_out = net.forward(tx);
        // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
        // CHECK-MESSAGES: :[[@LINE+4]]:7: note: its output is read only through values that carry no graph
        const torch::Tensor test_loss = lossOf(test_out, ty);
        avg_test = test_loss / tx.size(0);
      }
      std::cout << epoch << " " << avg_test.item<double>() << "\n";
    }
  }

  // The same, assigned straight from the pass, in a loop that also trains.
  void positiveAssignedDirectly(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y,
                                torch::Tensor tx) {
    torch::Tensor last;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      last = net.forward(tx);
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE+1]]:7: note: its output is read only through values that carry no graph
      std::cout << last.argmax(1).item<long>() << "\n";
    }
  }

  // The assigned variable reaches backward: training.
  void negativeAssignedThenBackward(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor loss;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor out = net.forward(x);
      loss = lossOf(out, y);
      loss.backward();
      opt.step();
    }
  }

  // Assigned, and then handed by reference to code of another file.
  void negativeAssignedThenHandedOn(torch::Tensor x) {
    torch::Tensor kept;
    for (int i = 0; i < 10; ++i) {
      kept = net.forward(x);
      consume(kept);
    }
  }

  // Assigned to a member: not a local, a store (not followed).
  torch::Tensor last_;
  void negativeAssignedToMember(torch::Tensor x) {
    for (int i = 0; i < 10; ++i)
      last_ = net.forward(x);
  }

  // Assigned and never read: a dead store next to training is no evidence.
  void negativeAssignedNeverRead(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor dead;
    for (int i = 0; i < 10; ++i) {
      dead = net.forward(x);
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
    }
  }

  // Accumulated with +=: not followed (it adds to what the variable holds).
  void negativeAccumulated(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor sum = torch::zeros({1});
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      sum += net.forward(x);
    }
    std::cout << sum.item<double>() << "\n";
  }

  // A reference variable assigned: writes through to what it names.
  void negativeReferenceAssigned(torch::Tensor x, torch::Tensor &out) {
    torch::Tensor &alias = out;
    for (int i = 0; i < 10; ++i) {
      alias = net.forward(x);
      std::cout << alias.item<double>() << "\n";
    }
  }
};
