#include "players.h"
float compare(IPlayer &a, IPlayer &b, const torch::Tensor &boards) {
  torch::NoGradGuard no_grad;
  float total = 0;
  for (int step = 0; step < 10; ++step) {
    total += a.GetActions(boards)[0];
    total += b.GetActions(boards)[0];
  }
  return total;
}
float selfPlay(Net &net, const torch::Tensor &boards) {
  torch::NoGradGuard no_grad;
  return estimateQ(net, boards)[0];
}
// No guard: WPlayer::GetActions runs here, and a call of IProbe::Probe may
// run NetProbe::Probe.
float probeOnce(WPlayer &p, IProbe &q, Net &net, const torch::Tensor &boards) {
  return p.GetActions(boards)[0] + q.Probe(boards) + estimateOpen(net, boards)[0];
}
