#include "model.h"
#include <vector>

// A sum of losses that a training helper of another file differentiates.
void negativeTrainedSum(Net &net, Optimiser &opt, const std::vector<torch::Tensor> &obs) {
  torch::Tensor sum = torch::zeros({1});
  for (size_t i = 0; i < obs.size(); ++i) {
    torch::Tensor loss = net.forward(obs[i]).mean();
    sum += loss;
  }
  torch::Tensor total = 2 * sum + torch::ones({1});
  opt.step(total);
}

// A sum only logged by a helper of another file: every graph stays.
void positiveLoggedSum(Net &net, Optimiser &opt, const std::vector<torch::Tensor> &obs) {
  torch::Tensor sum = torch::zeros({1});
  for (size_t i = 0; i < obs.size(); ++i) {
    torch::Tensor loss = net.forward(obs[i]).mean();
    opt.step(loss);
    sum += loss;
  }
  logLoss(sum);
}

namespace {
torch::Tensor flat(torch::Tensor t) { return t.view({-1}); }
torch::Tensor loadFlat(const Archive &a, const std::string &n) { return flat(a.load(n)); }
torch::Tensor embedded(Net &net, const torch::Tensor &x) { return embed(net, x); }
} // namespace

// Globals appended to (an overwritten one holds one graph at a time).
std::vector<torch::Tensor> heldW, heldE;
void hold(const Archive &a, Net &net, const torch::Tensor &x) {
    heldW.push_back(loadFlat(a, "w")); // a fresh tensor: no graph
    heldE.push_back(embedded(net, x)); // embed runs a forward pass: a graph
}
