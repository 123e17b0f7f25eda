// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A function template that nothing in the translation unit instantiates (a
// header-only library's evaluation helper, CI trial 16 D9): its forward
// passes, a dependent `m->forward(x)` known by name as
// gpuleak-retained-tensor reads it, are judged by the data flow on their
// output alone. Before, such a template was not analysed at all.

#include <torch/torch.h>

#include <vector>

template <class Model, class Loader>
double positiveEvaluate(Model &m, Loader &loader) {
  double acc = 0;
  for (auto &batch : loader) {
    auto out = m->forward(batch.data);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    acc += out.argmax(1).eq(batch.target).sum().template item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
  }
  return acc;
}

// Negative: a guard in the template.
template <class Model, class Loader>
double negativeGuarded(Model &m, Loader &loader) {
  double best = 0;
  for (auto &batch : loader) {
    torch::NoGradGuard no_grad;
    best = m->forward(batch.data).argmax(1).sum().template item<double>();
  }
  return best;
}

// Negative: the output reaches a backward pass in the template.
template <class Model, class Opt>
void negativeTrains(Model &m, Opt &opt, const torch::Tensor &x) {
  auto loss = m->forward(x).sum();
  loss.backward();
  opt.step();
}

// Negative: the output is kept, returned, or handed to code not known.
template <class Model>
std::vector<torch::Tensor> negativeKept(Model &m, const torch::Tensor &x) {
  std::vector<torch::Tensor> outs;
  outs.push_back(m->forward(x));
  return outs;
}
template <class Model> auto negativeReturned(Model &m, const torch::Tensor &x) {
  return m->forward(x);
}
template <class Model, class Sink>
void negativeHanded(Model &m, Sink &sink, const torch::Tensor &x) {
  auto out = m->forward(x);
  sink.record(out);
}

// An instantiated template is judged per instantiation, and reported once,
// at the template's line.
struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};
template <class Model>
double positiveInstantiated(Model &m, const torch::Tensor &x) {
  return m.forward(x).argmax(1).sum().template item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on, on an inference path{{.*}} [gpuleak-missing-no-grad]
}
double callInstantiated(Net &net, const torch::Tensor &x) {
  return positiveInstantiated(net, x);
}
