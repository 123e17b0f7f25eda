// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A method of the project's own class named like a container's (`push`,
// `push_back`, `insert`) is a call like any other: what it keeps, and
// whether its class bounds it, comes from its body (trial 18, D2:
// `window_.push(loss.detach())`, RecentWindow::push pops past its capacity,
// was reported as "'window_' ... never cleared or bounded"). Not reported:
// a window popped down to its capacity after the push, popped before it, a
// ring buffer written at an index modulo its capacity, one cleared under a
// size test. Reported: a pop of a different member, a size() read
// without a pop, a std container's own push_back.
// test/cli/project-bounded-callee.test has the classes in another file.

#include <torch/torch.h>

#include <deque>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Window {
public:
  void push(const torch::Tensor &t);
private:
  size_t cap_ = 8;
  std::deque<torch::Tensor> items_;
};
void Window::push(const torch::Tensor &t) {
  items_.push_back(t);
  while (items_.size() > cap_)
    items_.pop_front();
}

class PopFirst {
public:
  void push_back(const torch::Tensor &t) {
    if (items_.size() >= cap_)
      items_.pop_front();
    items_.push_back(t);
  }
private:
  size_t cap_ = 8;
  std::deque<torch::Tensor> items_;
};

class Ring {
public:
  Ring() : slots_(8) {}
  void push(const torch::Tensor &t) { slots_[next_++ % slots_.size()] = t; }
private:
  std::vector<torch::Tensor> slots_;
  size_t next_ = 0;
};

class Flushed {
public:
  void insert(const torch::Tensor &t) {
    if (items_.size() > 64)
      items_.clear();
    items_.push_back(t);
  }
private:
  std::vector<torch::Tensor> items_;
};

class OtherMember {
public:
  void push(const torch::Tensor &t) {
    items_.push_back(t);
    while (recent_.size() > 8)
      recent_.pop_front();
  }
private:
  std::deque<torch::Tensor> items_;
  std::deque<torch::Tensor> recent_;
};

class SizeRead {
public:
  void push(const torch::Tensor &t) {
    if (items_.size() % 100 == 0)
      last_count_ = items_.size();
    items_.push_back(t);
  }
private:
  size_t last_count_ = 0;
  std::vector<torch::Tensor> items_;
};

struct Trainer {
  Net net;
  Window window_;
  PopFirst pop_first_;
  Ring ring_;
  Flushed flushed_;
  OtherMember other_;
  std::deque<torch::Tensor> kept_;
  SizeRead size_read_;
  void step(const torch::Tensor &x) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    window_.push(loss.detach());
    pop_first_.push_back(loss.detach());
    ring_.push(loss.detach());
    flushed_.insert(loss.detach());
    other_.push(loss.detach());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'push', which keeps it in 'OtherMember::items_' and never clears it, makes device memory grow with every call for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :72:5: note: 'OtherMember::push' keeps it in 'OtherMember::items_' here
    // CHECK-MESSAGES: :[[@LINE+17]]:5: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-10]]:26: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    size_read_.push(loss.detach());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'push', which keeps it in 'SizeRead::items_' and never clears it, {{.*}}
    // CHECK-MESSAGES: :86:5: note: 'SizeRead::push' keeps it in 'SizeRead::items_' here
    // CHECK-MESSAGES: :[[@LINE+12]]:5: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-15]]:26: note: the kept tensor is computed here{{.*}}
    // A std container's own push_back still keeps it.
    kept_.push_back(loss.detach());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'kept_' keeps a tensor from every call and is never cleared or bounded, {{.*}}
    // CHECK-MESSAGES: :[[@LINE+7]]:5: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-20]]:26: note: the kept tensor is computed here{{.*}}
  }
};

void train(Trainer &t, const torch::Tensor &x, int steps) {
  for (int i = 0; i < steps; ++i)
    t.step(x);
}
