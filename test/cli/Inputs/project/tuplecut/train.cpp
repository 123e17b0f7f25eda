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

// Truncated BPTT with the reset after the carry, every 10 steps, through
// the helpers of state.cpp: cutBraced cuts (no finding), cutFirstOnly does
// not (the control).
void trainWindows(Cell &cell, torch::optim::Optimizer &opt, torch::Tensor x) {
  State s, t;
  for (int i = 0; i < 100; ++i) {
    State ns = cell.forward(x, s);
    State nt = cell.forward(x, t);
    auto loss = std::get<0>(ns).sum() + std::get<0>(nt).sum();
    s = ns;
    t = nt;
    if ((i + 1) % 10 == 0) {
      opt.zero_grad();
      loss.backward();
      opt.step();
      s = cutBraced(s);
      t = cutFirstOnly(t);
    }
  }
}
