// Trains and evaluates the example models on synthetic data, on the GPU when
// one is present. Usage: classifier [steps]
#include "model.h"

#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 50;
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Classifier model(784, 10);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01));
  const std::vector<Batch> batches = make_batches(steps, 64, 784, 10);

  std::cout << "loss " << train_epoch(model, optimizer, batches, device) << "\n";
  std::cout << "loss " << train_epoch_logged(model, optimizer, batches, device) << "\n";
  std::cout << "accuracy " << evaluate(model, batches, device) << "\n";
  std::cout << "accuracy " << evaluate_guarded(model, batches, device) << "\n";

  std::vector<torch::Tensor> requests;
  for (int i = 0; i < steps; ++i) requests.push_back(torch::randn({784}, device));
  std::cout << "predicted " << predict(model, requests).size() << "\n";
  std::cout << "predicted " << predict_guarded(model, requests).size() << "\n";

  if (device.is_cuda()) {
    std::vector<float> host(784, 1.0f);
    std::cout << "uploaded " << upload_batch_leaky(host).numel() << " " << upload_batch(host).numel() << "\n";
  }

  Batch probe{batches[0].data.to(device), batches[0].target.to(device)};
  std::cout << "curvature " << input_curvature(model, probe, 5) << "\n";
  std::cout << "curvature " << input_curvature_safe(model, probe, 5) << "\n";

  LanguageModel lm(1000);
  lm->to(device);
  torch::optim::SGD lm_optimizer(lm->parameters(), torch::optim::SGDOptions(0.1));
  const torch::Tensor corpus = torch::randint(1000, {35 * steps + 1, 8}, torch::TensorOptions().dtype(torch::kLong).device(device));
  train_language_model(lm, lm_optimizer, corpus, 35);
  train_language_model_tbptt(lm, lm_optimizer, corpus, 35);
  return 0;
}
