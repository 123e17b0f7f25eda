// Evaluation loops that call infer.cpp's functions.
#include "infer.h"
#include <vector>
static void print(float v) {}

void evaluate(Net &net, Agent &agent, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    torch::Tensor y = predict(net, x);
    print(y.sum().item<float>());
  }
  for (const auto &x : xs)
    print(agent.act(x).sum().item<float>());
  for (const auto &x : xs)
    print(guarded(net, x).sum().item<float>());
  for (const auto &x : xs)
    print(scale(x).sum().item<float>());
  for (const auto &x : xs)
    print(classify(net, x));
}

void train(Net &net, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    torch::Tensor loss = trainStep(net, x);
    print(loss.item<float>());
  }
}

// A call only assumed to run a forward pass (scale(), until its summary
// says it runs none) must not hide the known one after it in the block.
void evaluateScaled(Net &net, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    torch::Tensor s = scale(x);
    print(net.forward(s).sum().item<float>());
  }
}
