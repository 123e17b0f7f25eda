// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A container that grows only while its own size is under a bound (an image
// pool, a history of the last N values) keeps at most N graphs: the push is
// reached only through a size test on the same object. A size test on
// another object, or one that does not bound (`size() > 0`), bounds nothing.

#include <torch/torch.h>

#include <cstdlib>
#include <deque>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

// A GAN's image pool: filled up to its capacity, then entries are replaced.
class ImagePool {
public:
  explicit ImagePool(size_t cap) : cap_(cap) {}
  torch::Tensor query(torch::Tensor images) {
    std::vector<torch::Tensor> batch;
    for (int i = 0; i < images.size(0); i++) {
      if (pool_.size() < cap_) {
        batch.push_back(images[i].detach().clone());
        pool_.push_back(images[i]);
      } else {
        int k = std::rand() % pool_.size();
        torch::Tensor old = pool_[k];
        pool_[k] = images[i];
        batch.push_back(old.detach().clone());
      }
    }
    return torch::stack(batch);
  }

private:
  size_t cap_;
  std::deque<torch::Tensor> pool_;
};

// The same pool written with the bound on the other side and in the else
// branch.
class ImagePool2 {
public:
  void query(torch::Tensor image) {
    if (cap_ <= pool_.size())
      pool_[std::rand() % pool_.size()] = image;
    else
      pool_.push_back(image);
  }

private:
  size_t cap_ = 50;
  std::vector<torch::Tensor> pool_;
};

// Grows without bound: the size test does not bound it.
class Recorder {
public:
  void add(torch::Tensor t) {
    if (seen_.size() > 0 || first_)
      seen_.push_back(t);
    first_ = false;
  }

private:
  bool first_ = true;
  std::vector<torch::Tensor> seen_;
};

// The size test bounds another container.
class Mixed {
public:
  void add(torch::Tensor t) {
    if (recent_.size() < 10)
      all_.push_back(t);
    recent_.push_back(t.detach());
    recent_.clear();
  }

private:
  std::vector<torch::Tensor> recent_;
  std::vector<torch::Tensor> all_;
};

void negativeTrainWithPools(Net &gen, Net &disc, ImagePool &pool, ImagePool2 &pool2) {
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor fake = gen.forward(torch::randn({4, 8}));
    torch::Tensor picked = pool.query(fake);
    pool2.query(fake);
    torch::Tensor loss = disc.forward(picked).mean();
    loss.backward();
  }
}

void positiveUnbounded(Net &net, Recorder &rec, Mixed &mixed) {
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor out = net.forward(torch::randn({4, 8}));
    rec.add(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'add', which keeps it in 'Recorder::seen_', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-39]]:7: note: 'Recorder::add' keeps it in 'Recorder::seen_' here
    // CHECK-MESSAGES: :[[@LINE-4]]:25: note: the graph it keeps alive is built here
    mixed.add(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'add', which keeps it in 'Mixed::all_'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-29]]:7: note: 'Mixed::add' keeps it in 'Mixed::all_' here
    // CHECK-MESSAGES: :[[@LINE-8]]:25: note: the graph it keeps alive is built here
    out.sum().backward();
  }
}

// In one function: a history of at most 100 losses, and one without bound.
void negativeHistory(Net &net) {
  std::vector<torch::Tensor> history;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = net.forward(torch::randn({4, 8})).mean();
    if (history.size() < 100)
      history.push_back(loss);
  }
}

void positiveHistory(Net &net) {
  std::vector<torch::Tensor> history;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = net.forward(torch::randn({4, 8})).mean();
    if (!history.empty() || step == 0)
      history.push_back(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: storing a tensor that carries autograd history in 'history' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:26: note: the graph it keeps alive is built here
  }
}

// A size test that caps no growth bounds nothing (CI trial 13, D1): the
// early return on `empty()` in a const method, and a loop that reads the
// container, leave `history_` growing. A ring that returns before the push
// once it is full is bounded.
class Logger {
public:
  void log(torch::Tensor t) { history_.push_back(t); }
  float mean() const {
    if (history_.empty())
      return 0.f;
    float s = 0.f;
    for (size_t i = 0; i < history_.size(); ++i)
      s += history_[i].item<float>();
    return s / history_.size();
  }

private:
  std::vector<torch::Tensor> history_;
};

class Ring {
public:
  void add(torch::Tensor t) {
    if (slots_.size() >= 8)
      return;
    slots_.push_back(t);
  }

private:
  std::vector<torch::Tensor> slots_;
};

void positiveLoggerEmptyGuard(Net &net, Logger &logger, Ring &ring) {
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = net.forward(torch::randn({4, 8})).mean();
    loss.backward();
    logger.log(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'log', which keeps it in 'Logger::history_', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-32]]:31: note: 'Logger::log' keeps it in 'Logger::history_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
    ring.add(loss);
  }
}
