#include "agent.h"

void fit(QNet &net, torch::optim::Adam &opt, const torch::Tensor &batch,
         const torch::Tensor &y) {
  torch::mse_loss(net->Score(batch), y).backward();
  opt.step();
}

void trainActing(QNet &net, torch::optim::Adam &opt, torch::Tensor obs, torch::Tensor y) {
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor q = net->Score(obs);
    int64_t a = q.argmax(1).item<int64_t>();
    obs = double(a) * obs;
    if (step % 16 == 0)
      fit(net, opt, obs, y);
  }
}

void trainRefitting(QNet &net, torch::optim::Adam &opt, torch::Tensor obs, torch::Tensor y) {
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor r = net->Refit(obs, y);
    int64_t b = r.argmax(1).item<int64_t>();
    obs = double(b) * obs;
    opt.step();
  }
}
