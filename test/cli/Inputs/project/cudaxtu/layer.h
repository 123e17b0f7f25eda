#include <cuda_runtime.h>

// A layer whose destructor, and a helper it calls, are defined in other
// files (dtor.cpp, helper.cpp); the constructor is in layer.cpp.
class Layer {
public:
  explicit Layer(int n);
  ~Layer();

private:
  void freeOutput();
  float *input_ = nullptr;
  float *weights_ = nullptr;
  float *output_ = nullptr;
  cudaStream_t stream_ = nullptr;
};

// A layer whose destructor is defined nowhere in the project.
class Unknown {
public:
  Unknown() { cudaMalloc(&a_, 16); }
  ~Unknown();

private:
  float *a_;
};

// A layer whose destructor (dtor.cpp) releases no CUDA member: nothing says
// which members it owns.
class Quiet {
public:
  Quiet() { cudaStreamCreate(&s_); }
  ~Quiet();

private:
  cudaStream_t s_;
};
