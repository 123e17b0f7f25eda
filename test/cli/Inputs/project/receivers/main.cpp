#include "trainer.h"

int main() {
  Trainer trainer;
  torch::Tensor x = torch::randn({8, 4});
  trainer.stepOnce(x);
  for (int epoch = 0; epoch < 10; ++epoch) {
    for (int i = 0; i < 100; ++i) {
      trainer.step(x);
      trainer.stepSingleton(x);
      trainer.stepHost(x);
      trainer.stepSetter(x);
      trainer.stepWindow(x);
      trainer.stepLocal(x);
      trainer.evalStep(x);
      trainer.stepInline(x);
    }
    trainer.endEpoch();
  }
  return 0;
}
