// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A value passed through a virtual method with no body (a pure virtual of
// an interface): the overriders defined in this file say what its result is
// computed from. One that reads the argument only as a number (`item()`)
// and builds its result from its own fresh tensors returns no graph of the
// argument; one that computes its result from the argument passes it on.

#include <torch/torch.h>

struct Outcome {
  torch::Tensor obs;
  float score;
};

struct World {
  virtual ~World() = default;
  virtual Outcome advance(const torch::Tensor &move) = 0;
};

struct Track : World {
  Outcome advance(const torch::Tensor &move) override {
    float m = move.item<float>();
    pos_ = pos_ + (m * 0.5) * torch::ones({3});
    return {pos_.clone(), 1.0f - m};
  }
  torch::Tensor pos_ = torch::rand({3});
};

void negativeNumberOnly(World &world, torch::nn::Linear &pilot, int steps) {
  torch::Tensor obs = torch::rand({3});
  for (int s = 0; s < steps; ++s) {
    torch::Tensor move = pilot->forward(obs).sum();
    Outcome o = world.advance(move);
    obs = o.obs;
  }
}

struct Drift {
  virtual ~Drift() = default;
  virtual Outcome push(const torch::Tensor &force) = 0;
};

struct Glide : Drift {
  Outcome push(const torch::Tensor &force) override {
    return {base_ + force, 0.0f};
  }
  torch::Tensor base_ = torch::zeros({3});
};

void positiveArgumentPassedOn(Drift &drift, torch::nn::Linear &pilot, int steps) {
  torch::Tensor obs = torch::rand({3});
  for (int s = 0; s < steps; ++s) {
    torch::Tensor force = pilot->forward(obs);
    Outcome o = drift.push(force);
    obs = o.obs;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'obs' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-4]]:27: note: the graph it keeps reachable is built here, from the carried value
  }
}
