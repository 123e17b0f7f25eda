#include "plan.h"
void destroyPlan(Plan *p) { cufftDestroy(p->plan_); }
void releaseAll(Buf &b) { cudaFree(b.b_); }
void dump(const Logged &l, float *host) {
  cudaMemcpy(host, l.b_, sizeof(float), cudaMemcpyDeviceToHost);
}
