// notrain/ with this main (test/cli/project-no-training.test): its pool runs
// the jobs through std::function under a guard, so the functions it may run
// (runJob, given by pointer) run with grad mode off.
#include "../notrain/model.h"
#include <functional>
#include <vector>

static std::vector<std::function<void()>> tasks;
void submit(void (*fn)(Job *), Job *job) {
  tasks.push_back([fn, job] { fn(job); });
}

int main() {
  Net net;
  std::vector<Job> jobs(4);
  for (Job &j : jobs) {
    j.net = &net;
    submit(runJob, &j);
  }
  torch::NoGradGuard no_grad;
  for (auto &task : tasks)
    task();
  return 0;
}
