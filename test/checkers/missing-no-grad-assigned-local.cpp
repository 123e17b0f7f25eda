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

struct TwoHeads : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    return {x * 2, x.sum()};
  }
};

struct Trainer {
  Net net;
  TwoHeads heads;
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

  // `std::tie(std::ignore, value) = ...`: each local that the tie names is
  // followed as one assigned (instance01/BootlegAlphaZero `mcts.cpp:175`,
  // an MCTS simulation's value read through item(), in a function that
  // keeps other things in members); `std::ignore` and a number take none
  // of the graph.
  void positiveTiedLocalReadAsNumber(torch::optim::SGD &opt, torch::Tensor x,
                                     torch::Tensor y) {
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      torch::Tensor value;
      std::tie(std::ignore, value) = heads.forward(x);
      // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE+1]]:18: note: its output is read only through values that carry no graph
      double q = value[0].item<double>();
      std::cout << q << "\n";
    }
  }

  void positiveTiedPairWithNumber(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor probs, value;
    double scale = 1.0;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      std::tie(probs, value) = heads.forward(x);
      // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE+1]]:7: note: its output is read only through values that carry no graph
      std::cout << probs.argmax(1).item<long>() << " " << value.item<double>() * scale << "\n";
    }
  }

  // One of the tied locals reaches backward: training.
  void negativeTiedThenBackward(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor probs, value;
    for (int i = 0; i < 10; ++i) {
      std::tie(probs, value) = heads.forward(x);
      std::cout << value.item<double>() << "\n";
      torch::Tensor loss = lossOf(probs, y);
      loss.backward();
      opt.step();
    }
  }

  // A member in the tie: a store, not followed.
  torch::Tensor value_;
  void negativeTiedMember(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor probs;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      std::tie(probs, value_) = heads.forward(x);
      std::cout << probs.argmax(1).item<long>() << "\n";
    }
  }

  // A tied local handed by reference to code of another file.
  void negativeTiedThenHandedOn(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    torch::Tensor probs, value;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      std::tie(std::ignore, value) = heads.forward(x);
      consume(value);
    }
  }

  // A tied local carried into the next iteration's input, and returned.
  torch::Tensor negativeTiedCarriedAndReturned(torch::optim::SGD &opt, torch::Tensor x,
                                               torch::Tensor y) {
    torch::Tensor h = x, out;
    for (int i = 0; i < 10; ++i) {
      torch::Tensor loss = lossOf(net.forward(x), y);
      loss.backward();
      opt.step();
      std::tie(out, std::ignore) = heads.forward(h);
      h = out;
    }
    return h;
  }
};
