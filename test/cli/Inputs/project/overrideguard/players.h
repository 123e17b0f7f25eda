#pragma once
// Players behind a virtual interface whose callers hold the guard
// (test/cli/project-override-guard.test): battle.cpp calls GetActions only
// through an IPlayer &, player.cpp's overriders run the forward pass, and
// encoder.cpp's helpers run it for them and for selfPlay.
#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class IPlayer {
public:
  virtual ~IPlayer() = default;
  virtual std::vector<float> GetActions(const torch::Tensor &boards) = 0;
};

class VPlayer : public IPlayer {
public:
  std::vector<float> GetActions(const torch::Tensor &boards) override;
  Net net;
};

class QPlayer : public IPlayer {
public:
  std::vector<float> GetActions(const torch::Tensor &boards) override;
  Net net;
};

// Played also by probeOnce(), without a guard, through a WPlayer &.
class WPlayer : public IPlayer {
public:
  std::vector<float> GetActions(const torch::Tensor &boards) override;
  Net net;
};

class IProbe {
public:
  virtual ~IProbe() = default;
  virtual float Probe(const torch::Tensor &boards) = 0;
};

class NetProbe : public IProbe {
public:
  float Probe(const torch::Tensor &boards) override;
  Net net;
};

std::vector<float> estimateQ(Net &net, const torch::Tensor &boards);
std::vector<float> estimateOpen(Net &net, const torch::Tensor &boards);
float compare(IPlayer &a, IPlayer &b, const torch::Tensor &boards);
float selfPlay(Net &net, const torch::Tensor &boards);
float probeOnce(WPlayer &p, IProbe &q, Net &net, const torch::Tensor &boards);
