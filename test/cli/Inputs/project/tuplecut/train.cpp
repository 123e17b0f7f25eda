#include "state.h"

struct Cell : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  State forward(torch::Tensor x, const State &s) {
    auto h = fc(x) + std::get<0>(s);
    return {h, h + std::get<1>(s)};
  }
};

void train(Cell &cell, torch::optim::Optimizer &opt, torch::Tensor x) {
  State a, b, c, d;
  for (int i = 0; i < 100; ++i) {
    State na = cell.forward(x, a);
    State nb = cell.forward(x, b);
    State nc = cell.forward(x, c);
    State nd = cell.forward(x, d);
    auto loss = std::get<0>(na).sum() + std::get<0>(nb).sum() +
                std::get<0>(nc).sum() + std::get<0>(nd).sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
    a = cutBraced(na);
    b = cutMakeTuple(nb);
    c = cutLocals(nc);
    d = cutFirstOnly(nd);
  }
}
