#include <cuda_runtime.h>
#include <vector>

// A class whose members go to functions of another file (layer.cpp),
// test/cli/cuda-member-read-elsewhere.test.
struct Layer {
  void update(float *w, cudaStream_t s) const;
  void keep(cudaStream_t s);
  std::vector<cudaStream_t> kept_;
};
void sink(cudaStream_t s);

struct Net {
  Net();
  ~Net();
  void step(Layer &l);
  float *w_ = nullptr;
  cudaStream_t compute_, memory_, lent_;
};
