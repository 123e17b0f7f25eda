// RUN: %check_tidy -fix %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried through the accessors of another object: a getter that
// returns a member, the forward pass, and a setter that replaces the member
// on the same object. One translation unit; test/cli/accessor-carry.test has
// the same across files.

#include <torch/torch.h>

#include <tuple>

// Holds a recurrent memory for the module that owns it.
class Memory {
public:
  const torch::Tensor &value() const { return value_; }
  torch::Tensor peek() const { return value_.detach(); }
  void store(const torch::Tensor &v) { value_ = v; }
  void wipe() { value_ = torch::zeros({1, 8}); }
  torch::Tensor other() const { return other_; }

private:
  torch::Tensor value_;
  torch::Tensor other_;
};

// Per call: the module's step reads the memory, runs its layers and writes
// the result back; every call's graph hangs off the previous one.
struct Recurrent : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor prev = memory.value();
    torch::Tensor next = torch::tanh(loop->forward(prev) + input->forward(x));
    memory.store(next);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the value 'Memory::value' returns is carried into the next call through 'Memory::store' with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :17:40: note: 'Memory::store' keeps it in 'Memory::value_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the carried value is read back here
    // CHECK-MESSAGES: :[[@LINE-5]]:38: note: the graph it keeps reachable is built here, from the carried value
    // CHECK-FIXES: {{^}}    memory.store(next.detach());{{$}}
    return next;
  }
  Memory memory;
  torch::nn::Linear input{nullptr}, loop{nullptr};
};

// Through a pointer member, with the value passed straight back.
struct Controller {
  void tick(const torch::Tensor &obs) {
    mem->store(torch::tanh(policy->forward(obs + mem->value())));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the value 'Memory::value' returns is carried into the next call through 'Memory::store'{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :17:40: note: 'Memory::store' keeps it in 'Memory::value_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:50: note: the carried value is read back here
    // CHECK-MESSAGES: :[[@LINE-4]]:28: note: the graph it keeps reachable is built here, from the carried value
    // CHECK-FIXES: {{^}}    mem->store(torch::tanh(policy->forward(obs + mem->value())).detach());{{$}}
  }
  std::shared_ptr<Memory> mem;
  torch::nn::Linear policy{nullptr};
};

// Across iterations: a local holder declared before a truncated-BPTT loop.
void positiveLoopHolder(torch::nn::GRU &gru, int steps) {
  Memory carry;
  for (int s = 0; s < steps; ++s) {
    auto [out, h] = gru->forward(torch::randn({4, 1, 8}), carry.value());
    out.sum().backward({}, /*retain_graph=*/true);
    carry.store(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the value 'Memory::value' returns is carried into the next iteration through 'Memory::store'{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :17:40: note: 'Memory::store' keeps it in 'Memory::value_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:59: note: the carried value is read back here
    // CHECK-MESSAGES: :[[@LINE-6]]:21: note: the graph it keeps reachable is built here, from the carried value
    // CHECK-FIXES: {{^}}    carry.store(h.detach());{{$}}
  }
}

// ---- negatives --------------------------------------------------------------

struct NegativeDetachedStore : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor next = torch::tanh(cell->forward(x) + memory.value());
    memory.store(next.detach());
    return next;
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};

// The getter hands out a detached copy: nothing of the old graph is read.
struct NegativeDetachingGetter : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor next = cell->forward(x + memory.peek());
    memory.store(next);
    return next;
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};

// Reset on every call, before it is read: no chain across calls.
struct NegativeResetEachCall : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    memory.wipe();
    torch::Tensor next = cell->forward(x + memory.value());
    memory.store(next);
    return next;
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};

// The member is read but never written back.
struct NegativeReadOnly : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    return cell->forward(x + memory.value());
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};

// Read from one object, written into another.
struct NegativeOtherObject : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor next = cell->forward(x + source.value());
    sink.store(next);
    return next;
  }
  Memory source, sink;
  torch::nn::Linear cell{nullptr};
};

// Read through a getter of another member of the same object.
struct NegativeOtherMember : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor next = cell->forward(x + memory.other());
    memory.store(next);
    return next;
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};

// A holder declared in the loop lives for one iteration.
void negativeHolderPerIteration(torch::nn::GRU &gru, int steps) {
  for (int s = 0; s < steps; ++s) {
    Memory carry;
    auto [out, h] = gru->forward(torch::randn({4, 1, 8}), carry.value());
    out.sum().backward();
    carry.store(h);
  }
}

// Reset in every iteration of the loop.
void negativeResetEachIteration(torch::nn::GRU &gru, int steps) {
  Memory carry;
  for (int s = 0; s < steps; ++s) {
    auto [out, h] = gru->forward(torch::randn({4, 1, 8}), carry.value());
    out.sum().backward();
    carry.store(h);
    carry.wipe();
  }
}

// Written first in the call, then refined from what was just written.
struct NegativeRefinedInSteps : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    memory.store(enc->forward(x));
    memory.store(dec->forward(memory.value()));
    return memory.value();
  }
  Memory memory;
  torch::nn::Linear enc{nullptr}, dec{nullptr};
};

// Under a guard there is no graph to carry.
struct NegativeGuarded : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::NoGradGuard guard;
    torch::Tensor next = cell->forward(x + memory.value());
    memory.store(next);
    return next;
  }
  Memory memory;
  torch::nn::Linear cell{nullptr};
};
