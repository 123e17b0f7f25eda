// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A module's method whose forward pass's graph ends in it: it returns only
// values cut from the graph (`argmax` ids), writes none into an argument,
// keeps none and runs no backward pass. Whatever its caller then does with
// the ids (an environment of another file, a store, a loop that trains on
// other values), no backward pass can use the graph, so the call is an
// inference pass (CI trial 19, D5: `Evaluator::score_episode`, whose
// `policy->sample(obs)` fed an environment of another file and was missed).

#include <torch/torch.h>

#include <vector>

struct StepResult {
  torch::Tensor obs, rewards;
};
// Defined in another file.
struct VecEnv {
  torch::Tensor reset();
  StepResult step(const torch::Tensor &actions);
};
void log_logits(const torch::Tensor &logits);

struct PolicyImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs) { return pi->forward(obs); }
  // Greedy ids: the graph ends here.
  torch::Tensor sample(const torch::Tensor &obs) {
    auto logits = forward(obs);
    return logits.argmax(-1);
  }
  // A number.
  double value(const torch::Tensor &obs) {
    return forward(obs).mean().item<double>();
  }
  // The logits themselves: the caller decides.
  torch::Tensor logits(const torch::Tensor &obs) { return forward(obs); }
  // Ids, but the logits are kept in the object.
  torch::Tensor sampleKeeping(const torch::Tensor &obs) {
    last_ = forward(obs);
    return last_.argmax(-1);
  }
  // Ids, and the log-probabilities handed back for the loss.
  torch::Tensor sampleWithLogp(const torch::Tensor &obs, torch::Tensor &logp) {
    auto out = forward(obs).softmax(-1);
    auto ids = out.argmax(-1);
    logp = out.mean();
    return ids;
  }
  // Ids, with the logits handed to code not seen (may keep or train on them).
  torch::Tensor sampleLogged(const torch::Tensor &obs) {
    auto out = forward(obs);
    log_logits(out);
    return out.argmax(-1);
  }
  // Trains on its pass and returns a number.
  double fit(const torch::Tensor &obs, const torch::Tensor &target) {
    auto loss = ((forward(obs) - target) * (forward(obs) - target)).mean();
    loss.backward();
    return loss.item<double>();
  }
  // REINFORCE: the action as a number, its log-probability kept in the
  // object for the loss at the end of the episode.
  int selectAction(const torch::Tensor &obs) {
    auto probs = forward(obs).softmax(-1);
    auto action = probs.argmax(-1);
    saved_log_probs_.push_back(probs * 2.0);
    return action.item<int>();
  }
  torch::nn::Linear pi{nullptr};
  torch::Tensor last_;
  std::vector<torch::Tensor> saved_log_probs_;
};
struct Policy : torch::nn::ModuleHolder<PolicyImpl> {
  using ModuleHolder<PolicyImpl>::ModuleHolder;
};

// The trial's shape: ids to an environment of another file, its next
// observation carried to the next iteration. In one file the function
// proves it already (rule 2); in the trial's project, with the environment
// and the model's `forward` in other files, only the ids' lack of a graph
// does (test/cli/project-ends-in-call.test).
double positiveEpisode(Policy &policy, VecEnv &env, int steps) {
  auto obs = env.reset();
  double total = 0.0;
  for (int t = 0; t < steps; ++t) {
    auto actions = policy->sample(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :29:19: note: 'sample' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-7]]:8: note: 'positiveEpisode' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
    auto res = env.step(actions);
    total += res.rewards.mean().item<double>();
    obs = res.obs;
  }
  return total;
}

// The ids kept in a history, a number accumulated: no graph in either.
void positiveKeptIds(Policy &policy, VecEnv &env, std::vector<torch::Tensor> &history,
                     double &score) {
  auto obs = env.reset();
  while (true) {
    history.push_back(policy->sample(obs));
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :29:19: note: 'sample' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-3]]:23: note: 'sample' returns only values cut from its forward pass's graph and keeps none of it, so no backward pass can use the graph
    score += policy->value(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :34:12: note: 'value' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: 'value' returns only values cut from its forward pass's graph and keeps none of it, so no backward pass can use the graph
    // CHECK-MESSAGES: :[[@LINE-8]]:23: note: one guard covers it and this block's first forward pass with grad mode on, here
    obs = env.step(history.back()).obs;
  }
}

// The acting step of a loop that trains on other values (a replay batch):
// the backward pass reaches the update's own forward, not the ids' graph.
void positiveActingInTrainingLoop(Policy &policy, VecEnv &env,
                                  torch::optim::Optimizer &opt,
                                  std::vector<torch::Tensor> &replay) {
  auto obs = env.reset();
  for (int step = 0; step < 1000; ++step) {
    auto actions = policy->sample(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :29:19: note: 'sample' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-3]]:20: note: 'sample' returns only values cut from its forward pass's graph and keeps none of it, so no backward pass can use the graph
    obs = env.step(actions).obs;
    replay.push_back(obs);
    auto loss = policy->forward(replay.back()).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

// Under a guard of the caller (in this file): covered.
double negativeRollout(Policy &policy, VecEnv &env) {
  auto obs = env.reset();
  double total = 0.0;
  for (int t = 0; t < 100; ++t) {
    auto res = env.step(policy->sample(obs));
    total += res.rewards.mean().item<double>();
    obs = res.obs;
  }
  return total;
}
double negativeGuardedCaller(Policy &policy, VecEnv &env) {
  torch::NoGradGuard no_grad;
  return negativeRollout(policy, env);
}

// The graph leaves the call: by the returned logits, by the member, by the
// reference argument, or to code not seen. Judged as before (here: not
// reported, the values reach code of another file).
void negativeGraphLeaves(Policy &policy, VecEnv &env, torch::optim::Optimizer &opt) {
  auto obs = env.reset();
  for (int t = 0; t < 100; ++t) {
    auto a = policy->logits(obs);
    obs = env.step(a).obs;
    auto b = policy->sampleKeeping(obs);
    obs = env.step(b).obs;
    torch::Tensor logp;
    auto c = policy->sampleWithLogp(obs, logp);
    obs = env.step(c).obs;
    auto d = policy->sampleLogged(obs);
    obs = env.step(d).obs;
    opt.zero_grad();
    (-logp.mean()).backward();
    opt.step();
  }
}

// The REINFORCE episode: the log-probabilities kept by selectAction reach
// the loss after the episode.
void negativeReinforce(Policy &policy, VecEnv &env, torch::optim::Optimizer &opt) {
  auto obs = env.reset();
  for (int t = 0; t < 100; ++t) {
    int a = policy->selectAction(obs);
    obs = env.step(torch::full({1}, a)).obs;
  }
  torch::Tensor loss = torch::zeros({1});
  for (auto &lp : policy->saved_log_probs_)
    loss = loss - lp.sum();
  opt.zero_grad();
  loss.backward();
  opt.step();
  policy->saved_log_probs_.clear();
}

// A method that trains on its pass and returns a number is no inference pass.
void negativeFits(Policy &policy, VecEnv &env, const torch::Tensor &target) {
  auto obs = env.reset();
  for (int t = 0; t < 100; ++t) {
    double loss = policy->fit(obs, target);
    obs = env.step(torch::full({1}, loss)).obs;
  }
}
