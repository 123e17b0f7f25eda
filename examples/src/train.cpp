// Training loops. Functions marked "gpuleak:" keep GPU memory alive on
// purpose; each has a correct twin below it.
#include "model.h"

#include <c10/cuda/CUDACachingAllocator.h>

#include <iostream>

std::vector<Batch> make_batches(int count, int64_t size, int64_t features, int64_t classes) {
  std::vector<Batch> batches;
  for (int i = 0; i < count; ++i)
    batches.push_back({torch::randn({size, features}), torch::randint(classes, {size})});
  return batches;
}

static void release_cached_memory() {
  c10::cuda::CUDACachingAllocator::emptyCache();  // gpuleak: empty-cache-in-loop
}

double train_epoch(Classifier& model, torch::optim::Optimizer& optimizer, const std::vector<Batch>& batches,
                   const torch::Device& device) {
  model->train();
  torch::Tensor epoch_loss = torch::zeros({}, device);
  for (const Batch& batch : batches) {
    optimizer.zero_grad();
    torch::Tensor output = model->forward(batch.data.to(device));
    torch::Tensor loss = torch::nll_loss(output, batch.target.to(device));
    loss.backward();
    optimizer.step();
    epoch_loss += loss;  // gpuleak: retained-tensor (keeps every step's graph alive)
    release_cached_memory();
  }
  return epoch_loss.item<double>() / static_cast<double>(batches.size());
}

double train_epoch_logged(Classifier& model, torch::optim::Optimizer& optimizer,
                          const std::vector<Batch>& batches, const torch::Device& device) {
  model->train();
  double epoch_loss = 0.0;
  std::vector<double> history;
  int step = 0;
  for (const Batch& batch : batches) {
    optimizer.zero_grad();
    torch::Tensor output = model->forward(batch.data.to(device));
    torch::Tensor loss = torch::nll_loss(output, batch.target.to(device));
    loss.backward();
    optimizer.step();
    epoch_loss += loss.item<double>();
    history.push_back(loss.item<double>());
    if (++step % 1000 == 0)
      c10::cuda::CUDACachingAllocator::emptyCache();  // periodic: once per 1000 steps
  }
  return epoch_loss / static_cast<double>(batches.size());
}

void train_language_model(LanguageModel& lm, torch::optim::Optimizer& optimizer, const torch::Tensor& corpus,
                          int64_t window) {
  const int64_t batch = corpus.size(1);
  LstmState state{torch::zeros({1, batch, 256}, corpus.device()), torch::zeros({1, batch, 256}, corpus.device())};
  for (int64_t pos = 0; pos + window + 1 < corpus.size(0); pos += window) {
    optimizer.zero_grad();
    auto [logits, next] = lm->forward(corpus.slice(0, pos, pos + window), state);
    auto target = corpus.slice(0, pos + 1, pos + 1 + window);
    auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, logits.size(-1)}), target.reshape({-1}));
    loss.backward({}, /*retain_graph=*/true);
    optimizer.step();
    state = next;  // gpuleak: missing-detach (every window's graph stays reachable)
  }
}

void train_language_model_tbptt(LanguageModel& lm, torch::optim::Optimizer& optimizer,
                                const torch::Tensor& corpus, int64_t window) {
  const int64_t batch = corpus.size(1);
  LstmState state{torch::zeros({1, batch, 256}, corpus.device()), torch::zeros({1, batch, 256}, corpus.device())};
  for (int64_t pos = 0; pos + window + 1 < corpus.size(0); pos += window) {
    optimizer.zero_grad();
    auto [logits, next] = lm->forward(corpus.slice(0, pos, pos + window), state);
    auto target = corpus.slice(0, pos + 1, pos + 1 + window);
    auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, logits.size(-1)}), target.reshape({-1}));
    loss.backward();
    optimizer.step();
    state = {std::get<0>(next).detach(), std::get<1>(next).detach()};
  }
}

// Curvature of the loss with respect to the input, by double backward.
double input_curvature(Classifier& model, const Batch& batch, int rounds) {
  double total = 0.0;
  for (int r = 0; r < rounds; ++r) {
    torch::Tensor x = batch.data.detach().clone().requires_grad_(true);
    torch::Tensor loss = torch::nll_loss(model->forward(x), batch.target);
    loss.backward({}, /*retain_graph=*/true, /*create_graph=*/true);  // gpuleak: create-graph-cycle
    total += x.grad().pow(2).sum().item<double>();
  }
  return total / rounds;
}

double input_curvature_safe(Classifier& model, const Batch& batch, int rounds) {
  double total = 0.0;
  for (int r = 0; r < rounds; ++r) {
    torch::Tensor x = batch.data.detach().clone().requires_grad_(true);
    torch::Tensor loss = torch::nll_loss(model->forward(x), batch.target);
    torch::Tensor dx = torch::autograd::grad({loss}, {x}, /*grad_outputs=*/{}, /*retain_graph=*/true,
                                             /*create_graph=*/true)[0];
    total += dx.pow(2).sum().item<double>();
  }
  return total / rounds;
}
