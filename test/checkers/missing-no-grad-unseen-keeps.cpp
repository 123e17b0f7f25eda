// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Code not seen (a method of another file, a virtual one) in a loop around
// a forward pass: it can keep the pass's graph, run a backward pass on it
// or return it only when it is handed something that may carry it. A call
// handed only numbers, item()s, detached values, inputs built from data
// without a graph, or what such calls returned, keeps nothing of it
// (lasagnaphil/fastrl test_mountain_car_env.cpp:91, kazukin123/anet-lab
// anet_rl_samples.cpp:92, the validation loop of an epoch in
// tusharsangam/DogBreedClassification-CNN-libtorch-Cpp Source.cpp:59).

#include <optional>
#include <tuple>
#include <vector>
#include <torch/torch.h>

struct Policy : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return head(x); }
  torch::nn::Linear head{nullptr};
};

// Code of other files: declared here, defined elsewhere.
struct StepResult {
  torch::Tensor next_state;
  float reward;
  bool done;
};
struct Env {
  virtual StepResult step(const torch::Tensor &action) = 0;
  virtual torch::Tensor reset() = 0;
  virtual ~Env() = default;
};
class RolloutBuffer {
public:
  void add(const torch::Tensor &obs, int action, float reward, float value);
  void addLogProb(const torch::Tensor &obs, const torch::Tensor &log_prob);

private:
  std::vector<torch::Tensor> obs_, log_probs_;
};
struct Learner {
  void update(const RolloutBuffer &buffer);
};
struct Batch {
  torch::Tensor data, target;
};
class Loader {
public:
  std::optional<Batch> next();
  bool fill(Batch &batch);
};

// An acting step of this file, judged through its caller's loop: element 0
// of the tuple (the action) is built from an index, element 1 carries the
// graph.
#define ACT(NAME)                                                              \
  std::tuple<torch::Tensor, torch::Tensor> NAME(Policy &policy,                \
                                                const torch::Tensor &obs) {    \
    torch::Tensor logits = policy.forward(obs);                                \
    int64_t a = logits.argmax(0).item<int64_t>();                              \
    return {static_cast<double>(a) * torch::ones({1}), logits.softmax(0)[a]};  \
  }

// ---- positives ---------------------------------------------------------------

// The rollout hands the buffer (of another file) the observation, numbers
// and item()s, and the environment (virtual) the action; the state kept for
// the next step is what the environment returned.
ACT(actRollout)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
void positiveRolloutNumbers(Policy &policy, Env &env, RolloutBuffer &buffer,
                            Learner &learner) {
  torch::Tensor state = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = actRollout(policy, state);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: note: 'actRollout' hands its results to this call in 'positiveRolloutNumbers', after which no backward pass runs
    StepResult r = env.step(action);
    buffer.add(state, action.item<int>(), r.reward, logp.item<float>());
    state = r.next_state;
    if (r.done)
      state = env.reset();
  }
  learner.update(buffer);
}

// The log-probability is detached before the buffer gets it.
ACT(actDetached)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
void positiveDetachedBeforeStore(Policy &policy, Env &env, RolloutBuffer &buffer,
                                 Learner &learner) {
  torch::Tensor state = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = actDetached(policy, state);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: note: 'actDetached' hands its results to this call in 'positiveDetachedBeforeStore', after which no backward pass runs
    buffer.addLogProb(state, logp.detach());
    state = env.step(action).next_state;
  }
  learner.update(buffer);
}

// Validation inside the epoch loop whose first inner loop trains: the
// batch kept for the next iteration is what the loader (of another file,
// handed nothing) returned, and the output reaches a loss module.
void positiveValidationInEpoch(Policy &model, Loader &train_loader,
                               Loader &valid_loader, torch::optim::SGD &opt,
                               torch::nn::MSELoss &criterion) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    model.train();
    auto batch = train_loader.next();
    while (batch) {
      opt.zero_grad();
      torch::Tensor loss = criterion(model.forward(batch.value().data), batch.value().target);
      loss.backward();
      opt.step();
      batch = train_loader.next();
    }
    model.eval();
    double valid_loss = 0;
    auto valid = valid_loader.next();
    while (valid) {
      torch::Tensor output = model.forward(valid.value().data);
      // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-6]]:5: note: evaluation mode is set here; 'eval()' does not turn off grad mode
      // CHECK-MESSAGES: :[[@LINE-4]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
      torch::Tensor loss = criterion(output, valid.value().target);
      valid_loss += loss.item<double>();
      valid = valid_loader.next();
    }
  }
}

// The same with a loader that fills a batch declared outside the loop
// through a non-const reference.
void positiveLoaderFills(Policy &model, Loader &loader, torch::optim::SGD &opt,
                         torch::nn::MSELoss &criterion) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    Batch batch;
    while (loader.fill(batch)) {
      torch::Tensor loss = criterion(model.forward(batch.data), batch.target);
      loss.backward();
      opt.step();
    }
    double valid_loss = 0;
    Batch test;
    while (loader.fill(test)) {
      torch::Tensor output = model.forward(test.data);
      // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-3]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
      valid_loss += criterion(output, test.target).item<double>();
    }
  }
}

// ---- negatives ---------------------------------------------------------------

// The buffer is handed the log-probability, which carries the graph: the
// learner may differentiate it.
ACT(actKeepsGraph)
void negativeRolloutKeepsGraph(Policy &policy, Env &env, RolloutBuffer &buffer,
                               Learner &learner) {
  torch::Tensor state = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = actKeepsGraph(policy, state);
    buffer.addLogProb(state, logp);
    state = env.step(action).next_state;
  }
  learner.update(buffer);
}

// The environment is handed the log-probability: the state it returns, kept
// for the next step, may carry the graph.
ACT(actStepGivenGraph)
void negativeStepGivenGraph(Policy &policy, Env &env, Learner &learner,
                            RolloutBuffer &buffer) {
  torch::Tensor state = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = actStepGivenGraph(policy, state);
    StepResult r = env.step(logp);
    state = r.next_state;
  }
  learner.update(buffer);
}

// The value is detached only after the buffer was handed it.
ACT(actDetachedAfter)
void negativeDetachedAfterStore(Policy &policy, Env &env, RolloutBuffer &buffer,
                                Learner &learner) {
  torch::Tensor state = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto [action, logp] = actDetachedAfter(policy, state);
    torch::Tensor kept = logp;
    buffer.addLogProb(state, kept);
    kept = kept.detach();
    state = env.step(action).next_state;
  }
  learner.update(buffer);
}

// A training loop: its backward pass differentiates the output.
void negativeTrainingLoop(Policy &model, Loader &loader, torch::optim::SGD &opt,
                          torch::nn::MSELoss &criterion) {
  auto batch = loader.next();
  while (batch) {
    torch::Tensor loss = criterion(model.forward(batch.value().data), batch.value().target);
    loss.backward();
    opt.step();
    batch = loader.next();
  }
}
