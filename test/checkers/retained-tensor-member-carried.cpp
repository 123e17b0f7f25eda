// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A value read from a member that the same function fills with a graph
// (grad mode on) carries the graph the previous call put there. A
// controller's step builds its observation from the last action
// (`this->obs.actions`, directly or through a method of the object), hands
// it to a history buffer that writes it in place or keeps it, and stores
// the new action back: every call's graph chains onto the buffer's history,
// or is kept, for as long as the controller runs. A function that reads what
// its previous call left is a step, meant to be called again: no loop around
// its calls is needed (the controller's step runs on a timer thread). The
// same shapes with the member given a detached value, or filled under a
// guard, or read only for another field, hold nothing.

#include <torch/torch.h>
#include <vector>

struct Policy : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

struct History {
  torch::Tensor buf = torch::zeros({1, 60});
  std::vector<torch::Tensor> kept;
  void insert(torch::Tensor obs) {
    buf.index({torch::indexing::Slice(), torch::indexing::Slice(50, 60)}) = obs;
  }
  void keep(const torch::Tensor &obs) { kept.push_back(obs); }
  torch::Tensor get() { return buf; }
};

struct Obs {
  torch::Tensor actions = torch::zeros({1, 10});
  torch::Tensor dof = torch::zeros({1, 10});
};

struct Controller {
  Policy policy;
  Obs obs;
  History history;
  torch::Tensor last_out = torch::zeros({1, 10});
  std::vector<torch::Tensor> log_;

  torch::Tensor computeObservation() {
    return torch::cat({obs.dof, obs.actions}, 1);
  }

  torch::Tensor forwardStep() {
    torch::Tensor o = computeObservation();
    history.insert(o);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'insert', which writes it in place into 'History::buf', chains every call's graph onto the history of 'History::buf'; pass a detached tensor (.detach()) or call 'insert' under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-26]]:5: note: 'History::insert' writes it in place into 'History::buf' here
    // CHECK-MESSAGES: :[[@LINE+3]]:5: note: the graph is put into 'obs.actions' here, where the next call reads it
    // CHECK-MESSAGES: :[[@LINE+1]]:23: note: the graph it keeps alive is built here
    torch::Tensor a = policy.forward(history.get());
    obs.actions = a;
    return a;
  }

  // The member read directly, before this call's store.
  void logStep(const torch::Tensor &x) {
    history.keep(last_out * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keep', which keeps it in 'History::kept', keeps every call's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-36]]:41: note: 'History::keep' keeps it in 'History::kept' here
    // CHECK-MESSAGES: :[[@LINE+2]]:5: note: the graph is put into 'last_out' here, where the next call reads it
    // CHECK-MESSAGES: :[[@LINE+1]]:16: note: the graph it keeps alive is built here
    last_out = policy.forward(x);
  }

  // Kept by the function itself.
  void record(const torch::Tensor &x) {
    log_.push_back(last_out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'log_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+2]]:5: note: the graph is put into 'last_out' here, where the next call reads it
    // CHECK-MESSAGES: :[[@LINE+1]]:16: note: the graph it keeps alive is built here
    last_out = policy.forward(x);
  }
};

void run(Controller &c, torch::Tensor x) {
  while (true) {
    c.forwardStep();
    c.logStep(x); c.record(x);
  }
}

// Filled by another method of the class: an agent's act() keeps the action,
// its observe() appends it to a memory that nothing clears.
struct Agent {
  Policy policy;
  torch::Tensor last_action = torch::zeros({1, 10});
  std::vector<torch::Tensor> memory_;
  History history;
  void act(const torch::Tensor &x) { last_action = policy.forward(x); }
  void observe() {
    memory_.push_back(last_action);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'memory_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:38: note: the graph is put into 'last_action' here, where 'observe' reads it
    // CHECK-MESSAGES: :[[@LINE-5]]:52: note: the graph it keeps alive is built here
    history.keep(last_action);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keep', which keeps it in 'History::kept', keeps every call's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :28:41: note: 'History::keep' keeps it in 'History::kept' here
    // CHECK-MESSAGES: :[[@LINE-9]]:38: note: the graph is put into 'last_action' here, where 'observe' reads it
    // CHECK-MESSAGES: :[[@LINE-10]]:52: note: the graph it keeps alive is built here
  }
};

void runAgent(Agent &a, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    a.act(x);
    a.observe();
  }
}

// ---- negatives ---------------------------------------------------------------

struct Detaching {
  Policy policy;
  Obs obs;
  History history;
  torch::Tensor last_out = torch::zeros({1, 10});

  torch::Tensor computeObservation() {
    return torch::cat({obs.dof, obs.actions}, 1);
  }
  // The action is stored detached.
  torch::Tensor forwardStep() {
    torch::Tensor o = computeObservation();
    history.insert(o);
    torch::Tensor a = policy.forward(history.get());
    obs.actions = a.detach();
    return a;
  }
  // Under a guard: no graph.
  void logStep(const torch::Tensor &x) {
    history.keep(last_out);
    torch::NoGradGuard no_grad;
    last_out = policy.forward(x);
  }
  // Only the other field of the struct is read.
  void dofStep(const torch::Tensor &x) {
    history.insert(obs.dof);
    obs.actions = policy.forward(x);
  }
  // Detached where it is read.
  void readDetached(const torch::Tensor &x) {
    history.keep(last_out.detach());
    last_out = policy.forward(x);
  }
};

struct Resetting {
  Policy policy;
  History history;
  torch::Tensor last_out = torch::zeros({1, 10});
  // One of the values this function puts there is detached: the rule is
  // not taken.
  void step(const torch::Tensor &x, bool reset) {
    history.keep(last_out);
    if (reset)
      last_out = torch::zeros({1, 10});
    else
      last_out = policy.forward(x);
  }
};

void runNegatives(Detaching &d, Resetting &r, torch::Tensor x) {
  for (int i = 0; i < 100; ++i) {
    d.forwardStep();
    d.logStep(x);
    d.dofStep(x);
    d.readDetached(x);
    r.step(x, i % 10 == 0);
  }
}

// The memory is differentiated and cleared by learn(): an episode buffer.
struct LearningAgent {
  Policy policy;
  torch::Tensor last_action = torch::zeros({1, 10});
  std::vector<torch::Tensor> memory_;
  void act(const torch::Tensor &x) { last_action = policy.forward(x); }
  void observe() { memory_.push_back(last_action); }
  void learn() {
    torch::Tensor loss = torch::stack(memory_).sum();
    loss.backward();
    memory_.clear();
  }
};

// reset() gives the member a fresh tensor: not every value put there
// carries a graph.
struct ResettingAgent {
  Policy policy;
  torch::Tensor last_action = torch::zeros({1, 10});
  std::vector<torch::Tensor> memory_;
  void act(const torch::Tensor &x) { last_action = policy.forward(x); }
  void observe() { memory_.push_back(last_action); }
  void reset() { last_action = torch::zeros({1, 10}); }
};

// A module's methods run under their callers' grad mode.
struct ModuleAgent : torch::nn::Module {
  Policy policy;
  torch::Tensor last_action = torch::zeros({1, 10});
  std::vector<torch::Tensor> memory_;
  void act(const torch::Tensor &x) { last_action = policy.forward(x); }
  void observe() { memory_.push_back(last_action); }
};

// The action is kept detached.
struct DetachingAgent {
  Policy policy;
  torch::Tensor last_action = torch::zeros({1, 10});
  std::vector<torch::Tensor> memory_;
  void act(const torch::Tensor &x) { last_action = policy.forward(x).detach(); }
  void observe() { memory_.push_back(last_action); }
};

void runAgents(LearningAgent &l, ResettingAgent &r, ModuleAgent &m,
               DetachingAgent &d, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    l.act(x); l.observe();
    r.act(x); r.observe();
    m.act(x); m.observe();
    d.act(x); d.observe();
    if (i % 100 == 0) { l.learn(); r.reset(); }
  }
}
