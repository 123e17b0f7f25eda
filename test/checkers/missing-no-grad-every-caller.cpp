// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A helper of this file that runs a forward pass and returns its output is
// judged through its callers and reported once, at its own forward pass.
// Its notes name every call that makes it a finding, in source order, each
// with its own evaluation-mode note, and no call that its caller holds
// under a guard (citrial14 D2: the notes named the first caller only, so a
// second evaluation loop added later changed no note, and a baseline or
// --changed-since hid it; with the first caller fixed, the notes still named
// it).

#include <torch/torch.h>

#include <vector>

// Two unguarded evaluation loops: both calls are named.
torch::Tensor score(torch::nn::Linear &lin, const torch::Tensor &x) {
  return lin->forward(x).softmax(1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+13]]:10: note: 'score' hands its results to this call in 'positiveEvaluate', after which no backward pass runs
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+8]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+16]]:10: note: 'score' hands its results to this call in 'positiveEvaluateHoldout', after which no backward pass runs
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+11]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES-NOT: note:
}
double positiveEvaluate(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  lin->eval();
  double s = 0;
  for (const auto &x : xs)
    s += score(lin, x).sum().item<double>();
  return s;
}
double positiveEvaluateHoldout(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  lin->eval();
  double s = 0;
  for (const auto &x : xs)
    s += score(lin, x).mean().item<double>();
  return s;
}

// The first caller holds a guard, the second does not: only the second is
// named (a note at the guarded call would be false evidence).
torch::Tensor rank(torch::nn::Linear &lin, const torch::Tensor &x) {
  return lin->forward(x).softmax(1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+17]]:10: note: 'rank' hands its results to this call in 'positiveRankHoldout', after which no backward pass runs
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+12]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES-NOT: note:
}
double negativeRankGuarded(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  lin->eval();
  torch::NoGradGuard no_grad;
  double s = 0;
  for (const auto &x : xs)
    s += rank(lin, x).sum().item<double>();
  return s;
}
double positiveRankHoldout(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  lin->eval();
  double s = 0;
  for (const auto &x : xs)
    s += rank(lin, x).mean().item<double>();
  return s;
}

// Two calls in one loop: one note per call, in source order, and the
// eval() note that both share once.
torch::Tensor embed(torch::nn::Linear &lin, const torch::Tensor &x) {
  return lin->forward(x).softmax(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+11]]:10: note: 'embed' hands its results to this call in 'positiveTwoCalls', after which no backward pass runs
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+6]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+8]]:10: note: 'embed' hands its results to this call in 'positiveTwoCalls', after which no backward pass runs
  // CHECK-MESSAGES-NOT: note:
}
double positiveTwoCalls(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  lin->eval();
  double s = 0;
  for (const auto &x : xs) {
    s += embed(lin, x).sum().item<double>();
    s += embed(lin, x * 2).mean().item<double>();
  }
  return s;
}

// Every caller guarded: no finding.
torch::Tensor covered(torch::nn::Linear &lin, const torch::Tensor &x) {
  return lin->forward(x).softmax(1);
}
double negativeCoveredA(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  torch::NoGradGuard no_grad;
  double s = 0;
  for (const auto &x : xs)
    s += covered(lin, x).sum().item<double>();
  return s;
}
double negativeCoveredB(torch::nn::Linear &lin, const std::vector<torch::Tensor> &xs) {
  c10::InferenceMode guard;
  double s = 0;
  for (const auto &x : xs)
    s += covered(lin, x).mean().item<double>();
  return s;
}
