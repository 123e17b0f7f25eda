#include "cell.h"
struct Actor : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor h = cell->state();
    torch::Tensor next = torch::tanh(u->forward(h) + w->forward(x));
    cell->update(next);
    return next;
  }
  std::shared_ptr<Cell> cell;
  torch::nn::Linear w{nullptr}, u{nullptr};
};
struct Critic : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor next = u->forward(x + cell->snapshot());
    cell->update(next);
    return next;
  }
  torch::Tensor score(const torch::Tensor &x) {
    cell->restart();
    torch::Tensor next = u->forward(x + cell->state());
    cell->update(next);
    return next;
  }
  torch::Tensor trace(const torch::Tensor &x) {
    torch::Tensor next = u->forward(x + cell->state());
    cell->record(next);
    return next;
  }
  std::shared_ptr<Cell> cell;
  torch::nn::Linear u{nullptr};
};
