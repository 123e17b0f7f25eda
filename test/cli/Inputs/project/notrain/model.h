#pragma once
// An inference-only program (test/cli/project-no-training.test): main.cpp
// runs jobs on a pool through a function pointer and calls helpers that
// worker.cpp defines. Nothing in it runs a backward pass.
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

struct Job {
  Net *net;
  torch::Tensor in, out;
};

void runJob(Job *job);
void runGuarded(Job *job);
void submit(void (*fn)(Job *), Job *job);
torch::Tensor detect(Net &net, const torch::Tensor &x);
void fill(Net &net, const torch::Tensor &x, torch::Tensor &out);
