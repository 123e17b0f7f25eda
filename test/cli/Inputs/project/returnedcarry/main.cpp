#include "flow.h"

#include <iostream>

int main() {
  Flow flow;
  std::cout << flow.refine(torch::zeros({1, 2})) << "\n";
  return 0;
}
