// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A training forward whose outputs reach the loss through a local
// container: the proof that a loop keeps nothing must follow every value
// put into it, not the first argument of the call only, and every store
// into a part of it (nth-eye/MuZero-libtorch mu_zero.h:132, a measured
// false finding: `predictions.emplace_back(1.0 / n, o.value, o.reward,
// o.policy_logits)`, read back through a structured binding into the loss
// differentiated after the loop).

#include <torch/torch.h>

#include <map>
#include <tuple>
#include <vector>

struct NetworkOutput {
  torch::Tensor value, reward, policy_logits, hidden_state;
};
struct NetImpl : torch::nn::Module {
  NetworkOutput initial_inference(torch::Tensor obs) {
    auto h = rep->forward(obs);
    return {pred->forward(h), torch::zeros({1}), pred->forward(h), h};
  }
  NetworkOutput recurrent_inference(torch::Tensor s) {
    auto h = dyn->forward(s);
    return {pred->forward(h), pred->forward(h), pred->forward(h), h};
  }
  torch::Tensor forward(torch::Tensor x) { return rep->forward(x); }
  torch::nn::Linear rep{nullptr}, dyn{nullptr}, pred{nullptr};
};
struct Net : torch::nn::ModuleHolder<NetImpl> {
  using ModuleHolder<NetImpl>::ModuleHolder;
};

struct Sample {
  torch::Tensor image;
  std::vector<int> actions;
  std::vector<torch::Tensor> targets;
};
struct Step {
  float weight;
  torch::Tensor value;
};

inline torch::Tensor scale_gradient(torch::Tensor x, float s) {
  return x * s + x.detach() * (1 - s);
}

struct TicTacToe {
  static torch::Tensor make_next_state(torch::Tensor h, int a);
};

// The MuZero shape: a class template, a dependent static call of another
// class, the unrolled predictions kept as tuples and read back by a
// structured binding, the hidden state reassigned in the loop.
template <class Game> struct MuZero {
  Net net{nullptr};
  float negativeUnrolledPredictions(const std::vector<Sample> &batch) {
    auto loss = torch::zeros({1});
    for (auto &[image, actions, targets] : batch) {
      auto [value, reward, policy, hidden] = net->initial_inference(image);
      std::vector<std::tuple<float, torch::Tensor, torch::Tensor>> preds;
      for (const auto a : actions) {
        auto in = Game::make_next_state(hidden, a);
        auto o = net->recurrent_inference(in);
        preds.emplace_back(1.0f / actions.size(), o.value, o.reward);
        hidden = scale_gradient(o.hidden_state, 0.5);
      }
      for (size_t i = 0; i < preds.size(); ++i) {
        auto [scale, v, r] = preds[i];
        auto l = torch::mse_loss(v, targets[i]) + torch::mse_loss(r, targets[i]);
        loss += scale_gradient(l, scale);
      }
    }
    loss.backward();
    return loss.item<float>();
  }

  // Only the initial pass: its hidden state goes through the dependent call
  // into the container, and from there into the loss.
  void negativeDependentCallIntoContainer(const std::vector<Sample> &batch) {
    auto loss = torch::zeros({1});
    for (auto &s : batch) {
      auto o = net->initial_inference(s.image);
      std::vector<std::tuple<float, torch::Tensor>> preds;
      for (int a : s.actions)
        preds.emplace_back(1.0f, Game::make_next_state(o.hidden_state, a));
      for (size_t i = 0; i < preds.size(); ++i) {
        auto [w, v] = preds[i];
        loss += v.sum() * w;
      }
    }
    loss.backward();
  }
};
template struct MuZero<TicTacToe>;

torch::Tensor unseenStep(torch::Tensor h, int a);

// The same without a template, through a function of another file.
void negativeUnseenStepIntoTuples(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto [value, reward, policy, hidden] = net->initial_inference(s.image);
    std::vector<std::tuple<int, torch::Tensor>> preds;
    for (int a : s.actions) {
      hidden = unseenStep(hidden, a);
      preds.emplace_back(a, hidden);
    }
    for (auto &[a, h] : preds)
      loss += h.sum();
  }
  loss.backward();
}

void negativeGetFromTuples(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::vector<std::tuple<float, torch::Tensor>> preds;
    preds.emplace_back(0.5f, out);
    for (auto &p : preds)
      loss += std::get<1>(p) * std::get<0>(p);
  }
  loss.backward();
}

void negativeTieFromTuples(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::vector<std::tuple<float, torch::Tensor>> preds;
    preds.emplace_back(1.0f, out);
    float w;
    torch::Tensor v;
    std::tie(w, v) = preds.back();
    loss += v.sum() * w;
  }
  loss.backward();
}

void negativeMapEmplace(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::map<int, torch::Tensor> byStep;
    byStep.emplace(0, out);
    loss += byStep[0].sum();
  }
  loss.backward();
}

void negativeInsertAtEnd(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::vector<torch::Tensor> outs;
    outs.insert(outs.end(), out);
    loss += outs.front().sum();
  }
  loss.backward();
}

// A store into a member of a local struct.
void negativeStructMemberStore(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    Step step{1.0f, torch::zeros({1})};
    step.value = net->forward(s.image);
    loss += step.value.sum() * step.weight;
  }
  loss.backward();
}

// Filled by a lambda (what a lambda is handed is not followed) or a macro.
void negativeLambdaFill(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::vector<std::tuple<float, torch::Tensor>> outs;
    auto add = [&](const torch::Tensor &t) { outs.emplace_back(1.0f, t); };
    add(out);
    for (auto &[w, v] : outs)
      loss += v.sum() * w;
  }
  loss.backward();
}

#define PUSH_STEP(vec, w, t) (vec).emplace_back((w), (t))
void negativeMacroFill(Net &net, std::vector<Sample> &batch) {
  auto loss = torch::zeros({1});
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    std::vector<std::pair<int, torch::Tensor>> outs;
    PUSH_STEP(outs, 0, out);
    if (s.actions.empty())
      continue;
    loss += outs[0].second.sum();
  }
  if (batch.empty())
    return;
  loss.backward();
}

// The same containers in an evaluation loop, local to the iteration and
// read only through numbers: still inference.
double positiveTuplesReadAsNumbers(Net &net, std::vector<Sample> &batch) {
  double total = 0;
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    std::vector<std::tuple<float, torch::Tensor>> preds;
    preds.emplace_back(0.5f, out);
    for (auto &[w, v] : preds)
      total += w * v.sum().item<double>();
  }
  return total;
}

double positiveSubscriptReadAsNumber(Net &net, std::vector<Sample> &batch) {
  double total = 0;
  for (auto &s : batch) {
    std::vector<torch::Tensor> outs(1);
    outs[0] = net->forward(s.image);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    total += outs[0].sum().item<double>();
  }
  return total;
}

// `std::get` (also the one a structured binding by reference calls) takes
// a non-const reference, but names an element: it writes nothing.
double positiveGetThroughReference(Net &net, std::vector<Sample> &batch) {
  double total = 0;
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    std::vector<std::tuple<torch::Tensor, float>> preds;
    preds.emplace_back(out, 1.0f);
    for (auto &p : preds)
      total += std::get<0>(p).sum().item<double>() * std::get<1>(p);
  }
  return total;
}

// A store through `std::get` into a tuple that outlives the loop keeps it.
void negativeGetStoreIntoOuterTuple(Net &net, std::vector<Sample> &batch,
                                    std::tuple<torch::Tensor, float> &last) {
  for (auto &s : batch) {
    auto out = net->forward(s.image);
    auto &held = last;
    std::get<0>(held) = out;
  }
}
