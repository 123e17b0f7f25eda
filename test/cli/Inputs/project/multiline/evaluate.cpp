#include <torch/torch.h>

void train(torch::nn::Linear &model, const std::vector<torch::Tensor> &batches) {
  int step = 0;
  double last = 0;
  for (const torch::Tensor &batch : batches) {
    torch::Tensor loss = model->forward(batch).sum();
    loss.backward();
    if (++step % 100 == 0) {
      last = loss.item<double>();
      // Sample for the log.
      torch::Tensor sample = model->forward(
          torch::ones({1, 4}));
      last = sample.sum().item<double>();
    }
  }
}
