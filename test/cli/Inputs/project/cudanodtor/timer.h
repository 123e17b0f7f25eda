#include <cuda_runtime.h>

// A timer without a destructor (the shape of unkarjedy/CUDA_labs
// lab2/cuda_timer.hpp): its constructor is in timer.cpp, its users in
// main.cpp.
class Timer {
public:
  Timer();
  void start();
  float stop();

private:
  cudaEvent_t start_, stop_;
};

// A plain struct whose users free its buffer (user.cpp).
struct Scratch {
  explicit Scratch(int n);
  float *buf;
};
