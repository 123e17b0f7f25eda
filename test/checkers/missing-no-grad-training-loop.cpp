// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A forward pass in a loop that also trains (an RL agent acting between
// updates, samples drawn for a GAN checkpoint): the loop's backward pass
// excuses the forward only when the forward's output can reach it. When
// every use of the output is cut (item(), argmax, detach(), a comparison,
// printing, torch::save, a number returned by a helper, a helper of this
// file that only reads it), the graph is recorded and never differentiated.

#include <iostream>
#include <string>
#include <vector>
#include <torch/torch.h>

struct ValueNet : torch::nn::Module {
  torch::nn::Linear head{nullptr};
  torch::Tensor forward(const torch::Tensor &x) { return head(x); }
};

double fitBatch(ValueNet &net, torch::optim::Adam &opt, const torch::Tensor &batch,
                const torch::Tensor &target) {
  opt.zero_grad();
  torch::Tensor loss = torch::mse_loss(net.forward(batch), target);
  loss.backward();
  opt.step();
  return loss.item<double>();
}

// ---- positives ---------------------------------------------------------------

// Acting with the network every step; the update (a helper of this file)
// recomputes its own forward on the collected batch.
void positiveGreedyActing(ValueNet &net, torch::optim::Adam &opt, torch::Tensor obs,
                          torch::Tensor target) {
  std::vector<torch::Tensor> states;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor values = net.forward(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    int64_t move = values.argmax(1).item<int64_t>();
    // CHECK-MESSAGES: :[[@LINE+1]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
    std::cout << values.reshape({1, move + 1}).sizes() << "\n";
    states.push_back(obs.detach());
    if (step % 32 == 0)
      fitBatch(net, opt, torch::stack(states), target);
  }
}

// The acting method returns a number; it calls a helper of its own class
// (on an object that holds tensors) that keeps nothing.
class Chooser {
public:
  int64_t choose(const torch::Tensor &obs);
  int64_t chooseAndRemember(const torch::Tensor &obs);
  int64_t chooseAdjusted(const torch::Tensor &obs);
  virtual ~Chooser() = default;
  void learn(const torch::Tensor &batch, const torch::Tensor &target) {
    torch::mse_loss(net_.forward(batch) + last_, target).backward();
    opt_->step();
  }

private:
  torch::Tensor sharpen(const torch::Tensor &logits) { return logits / 0.5; }
  // A subclass may keep what it is handed.
  virtual torch::Tensor adjust(const torch::Tensor &logits) { return logits; }
  torch::Tensor remember(const torch::Tensor &logits) {
    last_ = logits;
    return logits;
  }
  ValueNet net_;
  torch::Tensor last_;
  torch::optim::Adam *opt_ = nullptr;
};

int64_t Chooser::choose(const torch::Tensor &obs) {
  torch::Tensor logits = net_.forward(obs);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: 'choose' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  torch::Tensor sharp = sharpen(logits);
  return sharp.argmax(1).item<int64_t>();
}

// The same, but the helper keeps the output in a member that learn() may
// read: the caller's loop trains, so the graph may be used.
int64_t Chooser::chooseAndRemember(const torch::Tensor &obs) {
  torch::Tensor logits = net_.forward(obs);
  torch::Tensor kept = remember(logits);
  return kept.argmax(1).item<int64_t>();
}

// The same through a virtual helper.
int64_t Chooser::chooseAdjusted(const torch::Tensor &obs) {
  torch::Tensor logits = net_.forward(obs);
  torch::Tensor adjusted = adjust(logits);
  return adjusted.argmax(1).item<int64_t>();
}

void trainChooser(Chooser &c, torch::Tensor obs, torch::Tensor target) {
  for (int i = 0; i < 100; ++i) {
    int64_t a = c.choose(obs) + c.chooseAndRemember(obs) + c.chooseAdjusted(obs);
    obs = obs + double(a) * obs;
    c.learn(obs, target);
  }
}

// Sampled through a lambda, shown by a helper of this file that only reads
// it (through a non-const reference).
void showTop(const std::string &tag, torch::Tensor &probs) {
  std::cout << tag << ": " << probs.argmax(1).item<int64_t>() << "\n";
}

void positiveSampledThroughHelpers(ValueNet &policy, torch::optim::Adam &opt,
                                   torch::Tensor obs, torch::Tensor y) {
  auto normalize = [](const torch::Tensor &t) { return t.softmax(1); };
  for (int step = 0; step < 500; ++step) {
    torch::Tensor logits = policy.forward(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    torch::Tensor probs = normalize(logits);
    int64_t a = probs.multinomial(1).item<int64_t>();
    if (step % 50 == 0)
      // CHECK-MESSAGES: :[[@LINE+1]]:7: note: its output is read only through values that carry no graph
      showTop("policy", probs);
    obs = double(a) * obs;
    torch::mse_loss(policy.forward(obs), y).backward();
    opt.step();
  }
}

// Checkpoint samples inside a GAN's training loop, only saved. The block
// also writes a variable of the loop body, so it is no self-contained
// block. The fake images that feed the discriminator's loss need the graph.
struct Generator : torch::nn::Module {
  torch::nn::Linear l{nullptr};
  torch::Tensor forward(const torch::Tensor &z) { return l(z); }
};

void positiveCheckpointSamples(Generator &gen, ValueNet &disc, torch::optim::Adam &gopt,
                               torch::optim::Adam &dopt, torch::Tensor real) {
  for (int it = 1; it <= 10000; ++it) {
    torch::Tensor fake = gen.forward(torch::randn({64, 16}));
    torch::Tensor dloss = torch::mse_loss(disc.forward(real), torch::ones({64, 1})) +
                          torch::mse_loss(disc.forward(fake.detach()), torch::zeros({64, 1}));
    dloss.backward();
    dopt.step();
    torch::Tensor gloss = torch::mse_loss(disc.forward(fake), torch::ones({64, 1}));
    gloss.backward();
    gopt.step();
    if (it % 500 == 0) {
      torch::Tensor grid = gen.forward(torch::randn({16, 16}));
      // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-3]]:24: note: this block runs no backward pass and keeps nothing after it ends
      torch::save(grid / 2.0, "samples-" + std::to_string(it) + ".pt");
      fake = fake.detach();
    }
  }
}

// ---- negatives: the output reaches the loop's backward pass, or may ----------

struct Policy : torch::nn::Module {
  torch::nn::Linear l{nullptr};
  torch::Tensor forward(const torch::Tensor &x) { return l(x).softmax(1); }
};

// REINFORCE: the log-probabilities are collected and summed into the loss at
// the end of the episode.
void negativeReinforce(Policy &pi, torch::optim::Adam &opt, torch::Tensor obs) {
  for (int episode = 0; episode < 100; ++episode) {
    std::vector<torch::Tensor> chosen;
    for (int t = 0; t < 200; ++t) {
      torch::Tensor probs = pi.forward(obs);
      torch::Tensor a = probs.multinomial(1);
      chosen.push_back(probs[a.item<int64_t>()]);
      obs = 0.5 * obs;
    }
    torch::Tensor loss = -torch::stack(chosen).sum();
    loss.backward();
    opt.step();
  }
}

// Actor-critic: the action is sampled (cut), but the same output and the
// value enter the loss.
void negativeActorCritic(Policy &pi, ValueNet &critic, torch::optim::Adam &opt,
                         torch::Tensor obs, torch::Tensor reward) {
  for (int t = 0; t < 1000; ++t) {
    torch::Tensor probs = pi.forward(obs);
    int64_t a = probs.multinomial(1).item<int64_t>();
    torch::Tensor value = critic.forward(obs);
    torch::Tensor advantage = reward - value.detach();
    torch::Tensor loss = torch::mse_loss(value, reward) - (probs[a] * advantage).sum();
    loss.backward();
    opt.step();
  }
}

// The output kept in a member that update() differentiates.
class Rollout {
public:
  void act(const torch::Tensor &obs) {
    torch::Tensor p = pi_.forward(obs);
    last_ = p;
    choice_ = p.argmax(1).item<int64_t>();
  }
  void update(const torch::Tensor &target) {
    torch::mse_loss(last_, target).backward();
    opt_->step();
  }

private:
  Policy pi_;
  torch::Tensor last_;
  int64_t choice_ = 0;
  torch::optim::Adam *opt_ = nullptr;
};

void negativeRollout(Rollout &r, torch::Tensor obs, torch::Tensor target) {
  for (int t = 0; t < 100; ++t) {
    r.act(obs);
    r.update(target);
  }
}

// The output returned as a tensor to a loop that trains on it.
torch::Tensor scores(ValueNet &net, const torch::Tensor &obs) {
  torch::Tensor q = net.forward(obs);
  return q.softmax(1);
}

// A helper of this file that differentiates what it is handed, one that
// keeps it in a global, and a lambda that keeps it in a captured vector.
std::vector<torch::Tensor> traced;
void fitTo(torch::Tensor &out, const torch::Tensor &y) { torch::mse_loss(out, y).backward(); }
void trace(const torch::Tensor &t) { traced.push_back(t); }

// A virtual method that only reads in the base class, but may be overridden
// by one that keeps its argument.
struct Sink {
  virtual ~Sink() = default;
  virtual void observe(const torch::Tensor &t) { std::cout << t.argmax(1).item<int64_t>(); }
};
struct KeepingSink : Sink {
  std::vector<torch::Tensor> seen;
  void observe(const torch::Tensor &t) override { seen.push_back(t); }
};

// A forward under a guard of its own.
int64_t greedy(ValueNet &net, const torch::Tensor &obs) {
  torch::NoGradGuard no_grad;
  return net.forward(obs).argmax(1).item<int64_t>();
}

void negativeHelpers(ValueNet &net, torch::optim::Adam &opt, torch::Tensor x,
                     torch::Tensor y, Sink &sink) {
  std::vector<torch::Tensor> kept;
  auto keep = [&](const torch::Tensor &t) { kept.push_back(t); };
  for (int i = 0; i < 100; ++i) {
    torch::mse_loss(scores(net, x), y).backward();
    torch::Tensor out = net.forward(x);
    std::cout << out.argmax(1).item<int64_t>() << "\n";
    fitTo(out, y);
    torch::Tensor seen = net.forward(x);
    std::cout << seen.argmax(1).item<int64_t>() << "\n";
    trace(seen);
    torch::Tensor held = net.forward(x);
    keep(held);
    torch::Tensor watched = net.forward(x);
    sink.observe(watched);
    x = double(greedy(net, x)) * x;
    opt.step();
  }
}
