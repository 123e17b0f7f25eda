#include <cuda_runtime.h>
#include <vector>

// A base whose destructor looks after no CUDA member, and derived classes
// whose destructors release their own, test/cli/cuda-derived-destructor.test.
struct Layer {
  virtual ~Layer() { name_ = nullptr; }
  const char *name_ = nullptr;
  float *retain_ = nullptr; // released by no class
  float *grad_ = nullptr;   // released by ~Conv
  float *out_ = nullptr;    // released by freeOut() in release.cpp
};
struct Pooling : Layer {
  Pooling() { cudaEventCreate(&done_); }
  ~Pooling() { cudaEventDestroy(done_); }
  cudaEvent_t done_;
};
struct Conv : Layer {
  ~Conv() {
    cudaFree(w_);
    cudaFree(grad_);
  }
  float *w_ = nullptr;
};
void freeOut(Layer *l);

struct Network {
  ~Network();
  void allocate(int n);
  std::vector<Layer *> layers_;
};
