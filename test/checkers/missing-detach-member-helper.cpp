// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A controller's policy output kept in a member and read back into the next
// call's input through a method of the object (`computeObservation()`,
// often an override of a base's pure virtual) and through another member
// that the same call filled (`history_.insert(o); in_ = history_.get();`):
// the member carries each call's graph into the next (issue 8, the
// twenty-third labelled set's fan-ziqi/rl_sar Forward()s, found from the fix
// commit that added the missing guard). Before, the read was followed only
// when written in the function that stores the member.

#include <functional>
#include <memory>
#include <string>
#include <torch/script.h>
#include <torch/torch.h>
#include <vector>

struct Observations {
  torch::Tensor dof;
  torch::Tensor actions;
};

class HistoryBuffer {
public:
  void insert(torch::Tensor obs);
  torch::Tensor get(std::vector<int> ids);
};

class LoopFunc {
public:
  LoopFunc(std::string name, float period, std::function<void()> cb);
};

class Controller {
public:
  virtual ~Controller() = default;
  virtual torch::Tensor computeObservation() = 0;
  virtual torch::Tensor forward() = 0;
  Observations obs;
};

class PositiveRobot : public Controller {
public:
  torch::Tensor computeObservation() override {
    torch::Tensor o = torch::cat({this->obs.dof, this->obs.actions}, 1);
    o = o * 0.5;
    return o;
  }
  torch::Tensor forward() override {
    torch::Tensor o = this->computeObservation();
    history_.insert(o);
    in_ = history_.get({0, 1, 2});
    torch::Tensor action = this->model.forward({in_}).toTensor();
    this->obs.actions = action;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'obs' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:28: note: the graph it keeps reachable is built here, from the carried value
    return action * 2;
  }
  void runModel() {
    this->obs.dof = torch::rand({1, 3});
    out_ = this->forward();
  }
  void start() {
    loop_ = std::make_shared<LoopFunc>("loop_rl", 0.02f,
                                       std::bind(&PositiveRobot::runModel, this));
  }
  torch::jit::Module model;
  HistoryBuffer history_;
  torch::Tensor in_, out_;
  std::shared_ptr<LoopFunc> loop_;
};

// The same controller with the output detached where it is kept.
class NegativeDetached : public Controller {
public:
  torch::Tensor computeObservation() override {
    return torch::cat({this->obs.dof, this->obs.actions}, 1);
  }
  torch::Tensor forward() override {
    torch::Tensor o = this->computeObservation();
    torch::Tensor action = this->model.forward({o}).toTensor();
    this->obs.actions = action.detach();
    return action;
  }
  void runModel() { out_ = this->forward(); }
  void start() {
    loop_ = std::make_shared<LoopFunc>("loop_rl", 0.02f,
                                       std::bind(&NegativeDetached::runModel, this));
  }
  torch::jit::Module model;
  torch::Tensor out_;
  std::shared_ptr<LoopFunc> loop_;
};

// The observation read by the helper does not include the kept member: the
// actions are stored, but nothing of them reaches the next input.
class NegativeOtherMember : public Controller {
public:
  torch::Tensor computeObservation() override { return this->obs.dof * 2; }
  torch::Tensor forward() override {
    torch::Tensor o = this->computeObservation();
    history_.insert(o);
    in_ = history_.get({0});
    torch::Tensor action = this->model.forward({in_}).toTensor();
    this->obs.actions = action;
    return action;
  }
  void runModel() { out_ = this->forward(); }
  void start() {
    loop_ = std::make_shared<LoopFunc>("loop_rl", 0.02f,
                                       std::bind(&NegativeOtherMember::runModel, this));
  }
  torch::jit::Module model;
  HistoryBuffer history_;
  torch::Tensor in_, out_;
  std::shared_ptr<LoopFunc> loop_;
};

// The buffer is read before this call fills it, and what fills it is not
// the kept member: the stored actions never reach an input.
class NegativeFilledAfter : public Controller {
public:
  torch::Tensor computeObservation() override { return this->obs.dof; }
  torch::Tensor forward() override {
    in_ = history_.get({0});
    torch::Tensor action = this->model.forward({in_}).toTensor();
    history_.insert(this->computeObservation());
    this->obs.actions = action;
    return action;
  }
  void runModel() { out_ = this->forward(); }
  void start() {
    loop_ = std::make_shared<LoopFunc>("loop_rl", 0.02f,
                                       std::bind(&NegativeFilledAfter::runModel, this));
  }
  torch::jit::Module model;
  HistoryBuffer history_;
  torch::Tensor in_, out_;
  std::shared_ptr<LoopFunc> loop_;
};

// A state struct behind a pointer member, moved to `previous_` by a method
// called at the start of each call, and read from there into the forward
// (the twenty-third set's NOAA-OWP/ngen lstm_model::run, one call per
// simulation time step).
struct LstmState {
  LstmState(torch::Tensor h, torch::Tensor c) : h(h), c(c) {}
  torch::Tensor h, c;
};

class PositiveStepper {
public:
  void manageState() { previous_ = current_; }
  double run(const torch::Tensor &forcing) {
    manageState();
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(forcing);
    inputs.push_back(previous_->h);
    inputs.push_back(previous_->c);
    auto output = model.forward(inputs).toTuple()->elements();
    double flow = output[0].toTensor().item<double>();
    current_ = std::make_shared<LstmState>(
        LstmState(output[1].toTensor(), output[2].toTensor()));
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 'current_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-5]]:19: note: the graph it keeps reachable is built here, from the carried value
    return flow;
  }
  torch::jit::Module model;
  std::shared_ptr<LstmState> current_, previous_;
};

void stepAll(PositiveStepper &s, const torch::Tensor &x) {
  for (int t = 0; t < 1000; ++t)
    s.run(x);
}

// The method called first starts from a fresh state: nothing is carried.
class NegativeFreshState {
public:
  void manageState() {
    previous_ = std::make_shared<LstmState>(
        LstmState(torch::zeros({1, 8}), torch::zeros({1, 8})));
  }
  double run(const torch::Tensor &forcing) {
    manageState();
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(forcing);
    inputs.push_back(previous_->h);
    inputs.push_back(previous_->c);
    auto output = model.forward(inputs).toTuple()->elements();
    current_ = std::make_shared<LstmState>(
        LstmState(output[1].toTensor(), output[2].toTensor()));
    return output[0].toTensor().item<double>();
  }
  torch::jit::Module model;
  std::shared_ptr<LstmState> current_, previous_;
};

void stepAllFresh(NegativeFreshState &s, const torch::Tensor &x) {
  for (int t = 0; t < 1000; ++t)
    s.run(x);
}

// Another field of the member struct read in the same function: not the
// stored field's old value (reported before, as a carry of 'obs').
class NegativeOtherFieldInline {
public:
  torch::Tensor forward() {
    torch::Tensor o = this->obs.dof * 2;
    torch::Tensor a = model.forward({o}).toTensor();
    this->obs.actions = a;
    return a * 0.5;
  }
  void run() {
    while (true)
      out_ = forward();
  }
  torch::jit::Module model;
  Observations obs;
  torch::Tensor out_;
};
