// Evaluation loops: accuracy of a classifier on held-out batches.
#include "model.h"

double evaluate(Classifier& model, const std::vector<Batch>& batches, const torch::Device& device) {
  model->eval();
  int64_t correct = 0, seen = 0;
  for (const Batch& batch : batches) {
    torch::Tensor output = model->forward(batch.data.to(device));  // gpuleak: missing-no-grad
    correct += output.argmax(1).eq(batch.target.to(device)).sum().item<int64_t>();
    seen += batch.target.size(0);
  }
  return static_cast<double>(correct) / static_cast<double>(seen);
}

double evaluate_guarded(Classifier& model, const std::vector<Batch>& batches, const torch::Device& device) {
  torch::NoGradGuard no_grad;
  model->eval();
  int64_t correct = 0, seen = 0;
  for (const Batch& batch : batches) {
    torch::Tensor output = model->forward(batch.data.to(device));
    correct += output.argmax(1).eq(batch.target.to(device)).sum().item<int64_t>();
    seen += batch.target.size(0);
  }
  return static_cast<double>(correct) / static_cast<double>(seen);
}
