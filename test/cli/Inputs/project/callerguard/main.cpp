#include "net.h"
#include <thread>
static void print(double v) {}
static void validate(Net &net, const Batches &b) { print(evaluateVia(net, b)); }

int main() {
  Net net;
  Batches batches(4, torch::randn({8, 4}));
  for (int epoch = 0; epoch < 10; ++epoch) {
    trainEpoch(net, batches);
    {
      torch::NoGradGuard no_grad;
      print(evaluate(net, batches));
      print(probe(net, batches));
      validate(net, batches);
      print(perplexity(net, batches));
      std::thread t([&] { print(evalInThread(net, batches)); });
      t.join();
    }
    print(probe(net, batches));
    print(perplexityOpen(net, batches));
  }
  return 0;
}
