// RUN: %check_tidy %s gpuleak-create-graph-cycle %t \
// RUN:   -config="{CheckOptions: {gpuleak-create-graph-cycle.MaxCallDepth: 3}}" \
// RUN:   -- -std=c++17 %mocks

#include <torch/torch.h>

static void curvatureStep(const torch::Tensor &e) {
  e.backward({}, /*retain_graph=*/true, /*create_graph=*/true);
}
// CHECK-MESSAGES: :[[@LINE-2]]:3: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
static void oneStepDeep(const torch::Tensor &e) { curvatureStep(e); }
static void twoStepsDeep(const torch::Tensor &e) { oneStepDeep(e); }

// Three calls to reach the backward: one more than MaxCallDepth: 3 allows.
void negativeBeyondDepth(const torch::Tensor &w, int n) {
  for (int i = 0; i < n; ++i)
    twoStepsDeep((w * w).sum());
}

// oneStepDeep was explored above at depth 2, where it could not reach the
// backward call; here the loop calls it directly (depth 1) and it can.
void positiveTwoCallsDeep(const torch::Tensor &w, int n) {
  for (int i = 0; i < n; ++i) {
    oneStepDeep((w * w).sum());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'oneStepDeep' is called here
    // CHECK-MESSAGES: :[[@LINE-15]]:51: note: 'curvatureStep' is called here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each iteration of this loop leaves one more cycle, with the graph it keeps alive
  }
}
