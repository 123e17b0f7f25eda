#include <cuda_runtime.h>

// Members copied into members of objects whose methods are in another file
// (layer.cpp), test/cli/cuda-copy-into-elsewhere.test.
struct Layer {
  ~Layer();
  void backward(int n);
  float *scratch_ = nullptr; // borrowed: nothing releases it
  float *weights_ = nullptr;
};
struct Holder {
  ~Holder(); // releases buf_
  float *buf_ = nullptr;
};

struct Net {
  Net(Layer *l, Holder *h, int n);
  ~Net();
  float *features_ = nullptr, *scratch_ = nullptr, *given_ = nullptr;
};
