#include <torch/torch.h>
#include <memory>
#include <vector>
struct Frame { torch::Tensor probs; int action; };
struct Trajectory : std::vector<Frame> { float R() const; };
struct Discrete : torch::nn::Module {
  torch::nn::Linear l{nullptr};
  torch::Tensor forward(const torch::Tensor &x);
  void act(const torch::Tensor &x, Trajectory &traj);
  torch::Tensor probe(const torch::Tensor &x);
  void train(const Trajectory &traj, float lr);
};
