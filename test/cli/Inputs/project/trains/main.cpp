// notrain/ with this main, which also trains (its worker.cpp is notrain's): the pool's job may hand its
// output to a loss.
#include "../notrain/model.h"
#include <vector>

int main() {
  Net net;
  std::vector<Job> jobs(4);
  for (Job &j : jobs) {
    j.net = &net;
    submit(runJob, &j);
    j.out.sum().backward();
  }
  return 0;
}
