#include "steps.h"
#include <cuda_runtime.h>
int run(int n) {
  float *out;
  cudaMalloc(&out, n * sizeof(float));
  load();
  warmup();
  tune();
  for (int i = 0; i < 3; ++i) {
    readBuf(out, n);
    step1();
    step2();
    step3();
    step4();
    step5();
    step6();
    report();
  }
  return 0;
}
