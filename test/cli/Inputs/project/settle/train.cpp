#include "model.h"
void Optimiser::step(torch::Tensor &loss) { loss.backward(); }
void logLoss(const torch::Tensor &loss) { (void)loss.item<double>(); }
torch::Tensor Archive::load(const std::string &name) const { return torch::zeros({4}); }
torch::Tensor embed(Net &net, const torch::Tensor &x) { return net.forward(x); }
