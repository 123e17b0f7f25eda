// RUN: %check_tidy -fix %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// In-place writes into a tensor that outlives the iteration or the call:
// `bank[i] = v`, `bank.index_put_({i}, v)`, `bank.narrow(0, i, 1).copy_(v)`,
// `index_copy_`, `masked_scatter_`. With a value that carries a graph, the
// destination's history (CopySlices) chains every write's graph, so a buffer
// of fixed size keeps the graphs of the whole run. The same writes of a
// detached value, or under a guard, are a correct ring buffer.

#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

#define WRITE_ROW(bank, row, value) (bank).index_put_({(row)}, (value))

torch::Tensor g_bank = torch::zeros({64, 8});

// A per-track feature bank, as in DeepSORT ports.
struct FeatureBank {
  torch::Tensor store = torch::zeros({100, 8});
  int64_t next = 0;
  void add(torch::Tensor feat) { store[next++ % 100] = feat; }
  void put(const torch::Tensor &feat) { store.index_put_({next++ % 100}, feat); }
};

template <typename Track> struct Metric {
  std::vector<Track> &tracks;
  explicit Metric(std::vector<Track> &t) : tracks(t) {}
  void update(torch::Tensor feats, const std::vector<int> &ids) {
    for (size_t i = 0; i < ids.size(); ++i)
      tracks[ids[i]].bank.add(feats[i]);
  }
};
struct Track {
  FeatureBank bank;
};

struct Tracker {
  Net net;
  torch::Tensor memory = torch::zeros({100, 8});
  std::vector<Track> tracks;
  Metric<Track> metric{tracks};
  int64_t frame = 0;
  // Once per frame; runFrames calls it in a loop.
  void step(const torch::Tensor &x, const std::vector<int> &ids) {
    torch::Tensor f = net.forward(x);
    metric.update(f, ids);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'update', which writes it in place into 'FeatureBank::store', chains every call's graph onto the history of 'FeatureBank::store'; pass a detached tensor (.detach()) or call 'update' under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-18]]:7: note: 'Metric<Track>::update' passes it to 'FeatureBank::add' here
    // CHECK-MESSAGES: :[[@LINE-28]]:34: note: 'FeatureBank::add' writes it in place into 'FeatureBank::store' here
    // CHECK-MESSAGES: :[[@LINE+10]]:5: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:23: note: the graph it keeps alive is built here
    memory[frame++ % 100] = f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'memory' chains every call's graph onto its history; write a detached tensor (.detach()) or write under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-9]]:23: note: the graph it keeps alive is built here
  }
};

void runFrames(Tracker &t, torch::Tensor x, std::vector<int> ids) {
  while (true)
    t.step(x, ids);
}

void positiveMembersAndGlobals(Net &net, Tracker &t, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor f = net.forward(x);
    t.memory.narrow(0, i % 100, 1).copy_(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'memory' chains every iteration's graph onto its history; write a detached tensor (.detach()) or write under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:23: note: the graph it keeps alive is built here
    g_bank.slice(0, i % 64, i % 64 + 1).copy_(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-6]]:23: note: the graph it keeps alive is built here
    WRITE_ROW(g_bank, i % 64, f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-61]]:37: note: expanded from macro 'WRITE_ROW'
    // CHECK-MESSAGES: :[[@LINE-10]]:23: note: the graph it keeps alive is built here
    g_bank.masked_scatter_(torch::zeros({64, 8}), f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-13]]:23: note: the graph it keeps alive is built here
    g_bank.index_copy_(0, torch::zeros({1}), f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'g_bank' chains every iteration's graph{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-16]]:23: note: the graph it keeps alive is built here
  }
}

void positiveCallees(Net &net, FeatureBank &bank, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor f = net.forward(x);
    bank.put(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'put', which writes it in place into 'FeatureBank::store', chains every iteration's graph onto the history of 'FeatureBank::store'; pass a detached tensor (.detach()) or call 'put' under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-68]]:41: note: 'FeatureBank::put' writes it in place into 'FeatureBank::store' here
    // CHECK-MESSAGES: :[[@LINE-4]]:23: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    bank.put(f.detach());{{$}}
  }
}

// A local buffer declared before the loop and never reset: the same chain.
void positiveRangeFor(Net &net, std::vector<torch::Tensor> &batches) {
  torch::Tensor outs = torch::zeros({100, 8});
  int64_t i = 0;
  for (const auto &b : batches) {
    auto out = net.forward(b);
    outs[i++ % 100] = out;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: writing a tensor that carries autograd history in place into 'outs' chains every iteration's graph onto its history; write a detached tensor (.detach()) or write under a torch::NoGradGuard [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    outs[i++ % 100] = out.detach();{{$}}
  }
}

// ---- negatives ---------------------------------------------------------------

struct Ring {
  torch::Tensor store = torch::zeros({100, 8});
  torch::Tensor hits = torch::zeros({100, 8});
  torch::Tensor mem = torch::zeros({100, 8});
  int64_t next = 0;
  void add(torch::Tensor feat) { store[next++ % 100] = feat; }
  // Reassigned first on every call: holds one call's writes.
  void sample(Net &net, torch::Tensor x) {
    hits = torch::zeros({100, 8});
    hits.index_put_({0}, net.forward(x));
  }
  // Detached after every update (a TGN memory).
  void update(Net &net, torch::Tensor x) {
    mem.index_put_({next % 100}, net.forward(x));
  }
  void detachMemory() { mem.detach_(); }
};

torch::Tensor g_ring = torch::zeros({64, 8});

void negativeDetached(Net &net, Ring &r, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor f = net.forward(x);
    g_ring[i % 64] = f.detach();
    g_ring.index_put_({i % 64}, f.detach());
    r.add(f.detach());
    g_ring.narrow(0, i % 64, 1).copy_(f.detach());
  }
}

void negativeGuardInLoop(Net &net, Ring &r, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::NoGradGuard no_grad;
    torch::Tensor f = net.forward(x);
    g_ring[i % 64] = f;
    r.add(f);
  }
}

void negativeGuardInFunction(Net &net, Ring &r, torch::Tensor x) {
  torch::NoGradGuard no_grad;
  for (int i = 0; i < 1000; ++i) {
    g_ring.index_copy_(0, torch::zeros({1}), net.forward(x));
    r.add(net.forward(x));
  }
}

void negativeInferenceMode(Net &net, torch::Tensor x) {
  c10::InferenceMode guard;
  for (int i = 0; i < 1000; ++i)
    g_ring.masked_scatter_(torch::zeros({64, 8}), net.forward(x));
}

void negativeNoGraph(Ring &r, std::vector<torch::Tensor> &observations) {
  for (int i = 0; i < 1000; ++i) {
    g_ring[i % 64] = torch::zeros({8});
    g_ring[i % 64] = observations[i].cpu();
    r.add(torch::ones({8}));
    g_ring.index_put_({i % 64}, 0.5);
    g_ring.narrow(0, 0, 1).fill_(0);
  }
}

void negativeLocals(Net &net, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    torch::Tensor row = torch::zeros({1, 8});
    row.copy_(net.forward(x));
    torch::Tensor buf = torch::zeros({4, 8});
    buf[0] = net.forward(x);
  }
}

torch::Tensor negativeLocalPerCall(Net &net, torch::Tensor x) {
  torch::Tensor out = torch::zeros({4, 8});
  out[0] = net.forward(x);
  return out;
}

void negativeDetachedEachIteration(Net &net, torch::Tensor x) {
  torch::Tensor state = torch::zeros({8});
  for (int i = 0; i < 1000; ++i) {
    state.copy_(net.forward(x));
    state.detach_();
  }
}

void negativeReassignedEachIteration(Net &net, torch::Tensor x) {
  torch::Tensor buf;
  for (int i = 0; i < 1000; ++i) {
    buf = torch::zeros({4, 8});
    buf[i % 4] = net.forward(x);
  }
}

// An unrolled sequence differentiated after the loop.
void negativeDifferentiated(Net &net, torch::Tensor x, torch::Tensor y) {
  torch::Tensor outs = torch::zeros({16, 8});
  for (int t = 0; t < 16; ++t)
    outs[t] = net.forward(x);
  torch::Tensor loss = torch::mse_loss(outs, y);
  loss.backward();
}

void negativeMemberResetOrDetached(Ring &r, Net &net, torch::Tensor x) {
  for (int i = 0; i < 1000; ++i) {
    r.sample(net, x);
    r.update(net, x);
    r.detachMemory();
  }
}

// Once, and no loop calls this function: one graph, not a chain.
void negativeNotInLoop(Ring &r, Net &net, torch::Tensor x) {
  r.add(net.forward(x));
}
