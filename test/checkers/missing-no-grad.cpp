// RUN: %check_tidy -fix %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <thread>
#include <vector>

void print(const torch::Tensor &t) {}
void train_step(const torch::Tensor &loss);

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    // The model's own forward runs in whatever mode its caller set: the
    // finding goes to the call into the model.
    return head->forward(body->forward(x));
  }
  torch::nn::Linear body{nullptr}, head{nullptr};
};

// A TorchScript forward after eval(), its output printed.
void positiveJitAfterEval(const std::string &path) {
  torch::jit::Module m = torch::jit::load(path);
  m.eval();
  std::vector<torch::jit::IValue> args{torch::ones({1, 3})};
  torch::Tensor y = m.forward(args).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES: :[[@LINE-7]]:6: note: 'positiveJitAfterEval' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  print(y);
}
// CHECK-FIXES: void positiveJitAfterEval(const std::string &path) {
// CHECK-FIXES-NEXT:   torch::NoGradGuard no_grad;
// CHECK-FIXES-NEXT:   torch::jit::Module m = torch::jit::load(path);

// ModuleHolder::operator() on a Sequential; one finding per block.
float positiveHolderCall(torch::nn::Sequential &model, const torch::Tensor &x) {
  torch::Tensor a = model(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'positiveHolderCall' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  torch::Tensor b = model->forward(a);
  return b.sum().item<float>();
}

// A user module through a shared_ptr and an AnyModule.
void positiveUserModule(std::shared_ptr<Net> net, const torch::Tensor &x) {
  print(net->forward(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:6: note: 'positiveUserModule'{{.*}}
  if (x.defined()) {
    // Same block as the finding above, whose fix covers this one: a
    // finding of its own, with a note there.
    print(net->forward(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-8]]:9: note: one guard covers it and this block's first forward pass with grad mode on, here
  }
}
void positiveAnyModule(torch::nn::AnyModule any, const torch::Tensor &x) {
  if (x.defined()) {
    print(any.forward(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:20: note: this block runs no backward pass and keeps nothing after it ends
  }
}
// CHECK-FIXES: void positiveAnyModule(torch::nn::AnyModule any, const torch::Tensor &x) {
// CHECK-FIXES-NEXT: if (x.defined()) {
// CHECK-FIXES-NEXT: torch::NoGradGuard no_grad;
// CHECK-FIXES-NEXT: print(any.forward(x));

// An evaluation loop after the training loop of the same function: the
// loop keeps nothing past an iteration and runs no backward pass.
void positiveEvalLoopAfterTraining(Net &net, torch::optim::SGD &opt,
                                   const std::vector<torch::Tensor> &batches) {
  for (const torch::Tensor &x : batches) {
    opt.zero_grad();
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    opt.step();
  }
  net.eval();
  double total = 0;
  for (const torch::Tensor &x : batches) {
    torch::Tensor out = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    total += out.mean().item<double>();
  }
}
// CHECK-FIXES: net.eval();
// CHECK-FIXES: for (const torch::Tensor &x : batches) {
// CHECK-FIXES-NEXT: torch::NoGradGuard no_grad;
// CHECK-FIXES-NEXT: torch::Tensor out = net.forward(x);

// The same with a TorchScript module: toTensor() of the temporary output is
// not a store that outlives the iteration.
void positiveJitEvalLoop(torch::jit::Module &m, torch::optim::SGD &opt,
                         const std::vector<torch::Tensor> &batches) {
  for (const torch::Tensor &x : batches) {
    opt.zero_grad();
    m.forward({x}).toTensor().sum().backward();
    opt.step();
  }
  int64_t hits = 0;
  for (const torch::Tensor &x : batches) {
    torch::Tensor out = m.forward({x}).toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    hits += out.argmax(1).sum().item<int64_t>();
  }
}

// A loader defined elsewhere fills the batch through a non-const reference:
// an output of the call, not a possible backward pass. Saving a detached
// output cannot run one either.
struct Loader {
  bool operator()(std::tuple<torch::Tensor, torch::Tensor> &batch);
};
void save_image(const torch::Tensor &image, const std::string &path);
void positiveOpaqueLoader(torch::nn::Linear &model, Loader &loader) {
  std::tuple<torch::Tensor, torch::Tensor> batch;
  torch::Tensor out;
  while (loader(batch)) {
    out = model->forward(std::get<0>(batch));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-6]]:6: note: 'positiveOpaqueLoader' runs no backward pass{{.*}}
    save_image(out.detach(), "out.png");
  }
}

// A request handler that hands its outputs back through an out-parameter,
// called from a serving loop that runs no backward pass.
struct Request {
  torch::jit::Module *model;
  std::vector<torch::Tensor> outputs;
};
bool handle(Request &req, const torch::Tensor &input) {
  req.outputs.push_back(req.model->forward({input}).toTensor());
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE+6]]:9: note: 'handle' hands its results to this call in 'positiveServe', after which no backward pass runs
  return true;
}
void positiveServe(torch::jit::Module &model, int n) {
  for (int i = 0; i < n; ++i) {
    Request req{&model, {}};
    if (handle(req, torch::randn({1, 8})))
      print(req.outputs[0]);
  }
}

// Grad mode is thread-local: the guard does not cover the thread's body.
void positiveThread(torch::nn::Linear &fc, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  std::thread worker([&] {
    print(fc->forward(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:22: note: this lambda runs on another thread; grad mode is thread-local, so the guard of the thread that starts it does not apply
    // CHECK-MESSAGES: :[[@LINE-4]]:22: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
  });
  worker.join();
}

// Grad mode turned back on inside a no-grad region.
void positiveReEnabled(torch::nn::Linear &fc, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  {
    torch::AutoGradMode enable(true);
    print(fc(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this block runs no backward pass and keeps nothing after it ends
  }
}

// Templates: reported once, in the instantiation's pattern.
template <typename Model> void positiveTemplate(Model &m, const torch::Tensor &x) {
  print(m->forward(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:32: note: 'positiveTemplate<torch::nn::Linear>'{{.*}}
}
template void positiveTemplate(torch::nn::Linear &, const torch::Tensor &);

// A macro that runs the model.
#define RUN(model, x) (model)->forward(x)
void positiveMacro(torch::nn::Linear &fc, const torch::Tensor &x) {
  print(RUN(fc, x));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:6: note: 'positiveMacro'{{.*}}
}

// Samples drawn for a checkpoint inside a training loop: the block keeps
// nothing and runs no backward pass, although the loop around it trains.
void positiveCheckpointSamples(torch::nn::Linear &gen, torch::optim::SGD &opt,
                               const std::vector<torch::Tensor> &noise) {
  for (size_t i = 0; i < noise.size(); ++i) {
    opt.zero_grad();
    gen->forward(noise[i]).sum().backward();
    opt.step();
    if (i % 100 == 0) {
      torch::Tensor samples = gen->forward(noise[0]);
      // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-3]]:23: note: this block runs no backward pass and keeps nothing after it ends
      print(samples);
    }
  }
}
// CHECK-FIXES: if (i % 100 == 0) {
// CHECK-FIXES-NEXT: torch::NoGradGuard no_grad;
// CHECK-FIXES-NEXT: torch::Tensor samples = gen->forward(noise[0]);

// Not reported: suppressed.
void negativeNolint(torch::nn::Linear &fc, const torch::Tensor &x) {
  print(fc->forward(x)); // NOLINT(gpuleak-missing-no-grad)
}
