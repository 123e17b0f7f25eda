// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// What an inference path may keep: a store breaks the inference proof only
// when the value kept may carry the forward pass's graph (data flow on the
// same object, not co-occurrence), and a member that holds one output is a
// keep only when some code of its class reads it other than through a cut.

#include <torch/script.h>
#include <torch/torch.h>

#include <tuple>
#include <vector>

// The input, built without a graph, is kept in a member before the forward
// pass (uiuc-iml/RA-SLAM inference.cc:86).
class Segmenter {
public:
  float positiveInputInMember(float scale);

private:
  torch::jit::Module engine_;
  std::vector<torch::jit::IValue> input_buffer_;
};

float Segmenter::positiveInputInMember(float scale) {
  torch::Tensor input = torch::ones({1, 3}).to(torch::kCUDA);
  input_buffer_.clear();
  input_buffer_.push_back(input);
  torch::Tensor prob;
  prob = engine_.forward(input_buffer_).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-7]]:18: note: 'positiveInputInMember' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  return prob.sum().item<float>() * scale;
}

// An acting step judged through its caller's loop, which hands the session
// (an object declared outside it) only values without a graph: the action
// element of the tuple, built from an index, not the log-probability
// (kazukin123/anet-lab anet_rl_samples.cpp:92).
struct Experience {
  torch::Tensor state;
  torch::Tensor action;
  float reward;
};

class Batch {
public:
  void add(const Experience &e) { items_.push_back(e); }

private:
  std::vector<Experience> items_;
};

class Session {
public:
  void addExperience(const Experience &e) { batch_.add(e); }

private:
  Batch batch_;
};

struct Agent {
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor>
  selectAction(const torch::Tensor &state) {
    torch::Tensor logits = policy->forward(state);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    int index = logits.argmax(0).item<int>();
    torch::Tensor log_prob = logits.softmax(-1)[index];
    torch::Tensor value = value_net->forward(state);
    return {static_cast<double>(index) * torch::ones({1}), log_prob, value};
  }
  torch::nn::Linear policy{nullptr}, value_net{nullptr};
};

void positiveSessionLoop(Agent &agent, Session &session) {
  torch::Tensor state = torch::zeros({4});
  for (int t = 0; t < 100; ++t) {
    auto [action, logp, value] = agent.selectAction(state);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: note: 'selectAction' hands its results to this call in 'positiveSessionLoop', after which no backward pass runs
    // The value head's pass, a finding of its own in the same block:
    // CHECK-MESSAGES: :69:27: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-4]]:34: note: 'selectAction' hands its results to this call in 'positiveSessionLoop', after which no backward pass runs
    // CHECK-MESSAGES: :65:28: note: one guard covers it and this block's first forward pass with grad mode on, here
    session.addExperience({state, action, 1.0f});
    state = torch::randn({4});
  }
}

// The same loop handing the session the log-probability, which carries the
// graph: the session may train on it.
struct Agent2 {
  std::tuple<torch::Tensor, torch::Tensor> selectAction(const torch::Tensor &state) {
    torch::Tensor logits = policy->forward(state);
    int index = logits.argmax(0).item<int>();
    return {static_cast<double>(index) * torch::ones({1}), logits.softmax(-1)[index]};
  }
  torch::nn::Linear policy{nullptr};
};

void negativeSessionKeepsGraph(Agent2 &agent, Session &session) {
  torch::Tensor state = torch::zeros({4});
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = agent.selectAction(state);
    session.addExperience({state, logp, 1.0f});
  }
}

// A member overwritten with the forward pass's output, read by every method
// of its class only through cuts (Zhijie-He/policy_deploy
// LibTorchInferenceEngine.cpp:57, :35).
class Policy {
public:
  std::vector<float> positivePredict(float x);
  void positiveWarmUp(int rounds);

private:
  torch::jit::Module module_;
  torch::Tensor obTorch_, acTorch_;
  std::vector<torch::jit::IValue> obVector_;
};

std::vector<float> Policy::positivePredict(float x) {
  obTorch_ = x * torch::ones({1, 4});
  obVector_.clear();
  obVector_.emplace_back(obTorch_);
  acTorch_ = module_.forward(obVector_).toTensor().to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-6]]:28: note: 'positivePredict' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  float *p = acTorch_.data_ptr<float>();
  return std::vector<float>(p, p + 4);
}

void Policy::positiveWarmUp(int rounds) {
  for (int i = 0; i < rounds; i++) {
    obVector_.clear();
    obVector_.emplace_back(torch::ones({1, 4}));
    acTorch_ = module_.forward(obVector_).toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    if (acTorch_.data_ptr<float>() == nullptr)
      return;
  }
}

// The member holding the output is read into a loss by another method.
class Learner {
public:
  void negativeAct(float x) { out_ = net_->forward(x * torch::ones({4})); }
  void learn(const torch::Tensor &target) { torch::mse_loss(out_, target).backward(); }

private:
  torch::nn::Linear net_{nullptr};
  torch::Tensor out_;
};

// A training loop that appends graph-carrying outputs to a member.
class Collector {
public:
  void negativeCollect(const torch::Tensor &x) {
    for (int i = 0; i < 4; ++i)
      outs_.push_back(net_->forward(x));
  }
  float total() const { return outs_.size(); }

private:
  torch::nn::Linear net_{nullptr};
  std::vector<torch::Tensor> outs_;
};

// A public member: code anywhere may read it.
struct Holder {
  void negativePublic(float x) { out = net->forward(x * torch::ones({4})); }
  torch::nn::Linear net{nullptr};
  torch::Tensor out;
};

// A method of another file that may keep the tensor the graph flows into.
struct Recorder {
  Recorder &record(const torch::Tensor &t);
  std::vector<torch::Tensor> items_;
};

void negativeRecorderLoop(torch::nn::Linear &net, Recorder &rec) {
  for (int i = 0; i < 3; ++i) {
    torch::Tensor out;
    out = net->forward(torch::ones({4}));
    rec.record(out);
  }
}
