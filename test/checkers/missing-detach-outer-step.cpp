// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried in an inner (rollout) loop whose iterations run no
// gradient step, while the enclosing (update) loop runs one per iteration
// and the state is declared before it, crosses every update's backward:
// the graph grows for the whole run (trial 19, D2: before, only the
// innermost loop's gradient steps counted, so this was taken for full
// back-propagation through time). A reset of the state in the update
// loop's iterations (a fresh state per update, a detach after the step)
// cuts the carry, and so does a state declared in the update loop.

#include <torch/torch.h>

torch::Tensor detach_state(const torch::Tensor &s) { return s.detach(); }

// Reported: carried across every update.
void rollout_updates(torch::nn::Linear &cell) {
  auto h = torch::zeros({4, 8});
  for (int u = 0; u < 1000; ++u) {
    auto loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
      // CHECK-MESSAGES: :[[@LINE-2]]:11: note: the graph it keeps reachable is built here, from the carried value
      loss = loss + h.sum();
    }
    loss.backward({}, /*retain_graph=*/true);
  }
}

// Reported: three loops deep, the step in the middle one; the episode loop
// resets the state, but each episode's updates still chain their graphs.
void episodes(torch::nn::Linear &cell) {
  torch::Tensor h;
  for (int e = 0; e < 10; ++e) {
    h = torch::zeros({4, 8});
    for (int u = 0; u < 100; ++u) {
      torch::Tensor loss = torch::zeros({});
      for (int t = 0; t < 16; ++t) {
        h = cell->forward(h);
        // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
        // CHECK-MESSAGES: :[[@LINE-2]]:13: note: the graph it keeps reachable is built here, from the carried value
        loss = loss + h.sum();
      }
      loss.backward({}, true);
    }
  }
}

// Not reported: detached after each update's step.
void detached_per_update(torch::nn::Linear &cell) {
  auto h = torch::zeros({4, 8});
  for (int u = 0; u < 1000; ++u) {
    torch::Tensor loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
    loss.backward();
    h = h.detach();
  }
}

// Not reported: detached in place after the step.
void detached_in_place(torch::nn::Linear &cell) {
  auto h = torch::zeros({4, 8});
  for (int u = 0; u < 1000; ++u) {
    torch::Tensor loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
    loss.backward();
    h.detach_();
  }
}

// Not reported: detached by a helper before the rollout.
void detached_by_helper(torch::nn::Linear &cell) {
  auto h = torch::zeros({4, 8});
  for (int u = 0; u < 1000; ++u) {
    h = detach_state(h);
    torch::Tensor loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
    loss.backward();
  }
}

// Not reported: a fresh state for every update (reset each episode).
void reset_per_update(torch::nn::Linear &cell) {
  torch::Tensor h;
  for (int u = 0; u < 1000; ++u) {
    h = torch::zeros({4, 8});
    torch::Tensor loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
    loss.backward();
  }
}

// Not reported: the state is declared in the update loop.
void declared_per_update(torch::nn::Linear &cell) {
  for (int u = 0; u < 1000; ++u) {
    auto h = torch::zeros({4, 8});
    torch::Tensor loss = torch::zeros({});
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
    loss.backward();
  }
}

// Not reported: no gradient step in any loop; differentiated once after
// (full back-propagation through time over all updates).
void unrolled(torch::nn::Linear &cell) {
  auto h = torch::zeros({4, 8});
  torch::Tensor loss = torch::zeros({});
  for (int u = 0; u < 10; ++u)
    for (int t = 0; t < 16; ++t) {
      h = cell->forward(h);
      loss = loss + h.sum();
    }
  loss.backward();
}
