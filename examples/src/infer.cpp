// Inference: class predictions for a queue of requests.
#include "model.h"

std::vector<int64_t> predict(Classifier& model, const std::vector<torch::Tensor>& requests) {
  model->eval();
  std::vector<int64_t> labels;
  for (const torch::Tensor& request : requests) {
    torch::Tensor scores = model(request.unsqueeze(0));  // gpuleak: missing-no-grad
    labels.push_back(scores.argmax(1).item<int64_t>());
  }
  return labels;
}

std::vector<int64_t> predict_guarded(Classifier& model, const std::vector<torch::Tensor>& requests) {
  c10::InferenceMode guard;
  model->eval();
  std::vector<int64_t> labels;
  for (const torch::Tensor& request : requests) {
    torch::Tensor scores = model(request.unsqueeze(0));
    labels.push_back(scores.argmax(1).item<int64_t>());
  }
  return labels;
}
