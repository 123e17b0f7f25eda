// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A resource created into a local and then stored into a member of the
// object (`cudaMalloc(&tmp, n); bufs_.push_back(tmp);`, `buf_ = tmp;`,
// `named_[k] = tmp;`) is created into that member: the destructor rules
// judge it as they judge `cudaMalloc(&buf_, n)` (the twenty-second labelled
// set's per-sample buffers pushed into a member vector). Before, the store
// only handed the local on, and nothing was reported.

#include <cuda_runtime.h>
#include <map>
#include <string>
#include <vector>

class PositiveNet {
public:
  PositiveNet() { cudaStreamCreate(&stream_); }
  ~PositiveNet() { cudaStreamDestroy(stream_); }
  void setData(const std::vector<float *> &host, int n) {
    for (size_t i = 0; i < host.size(); ++i) {
      float *tmp;
      cudaMalloc((void **)&tmp, sizeof(float) * n);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' into member 'data_' is never released: the destructor of 'PositiveNet' releases other members but not 'data_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
      // CHECK-MESSAGES: :[[@LINE-6]]:3: note: destructor of 'PositiveNet' is here
      cudaMemcpy(tmp, host[i], sizeof(float) * n, cudaMemcpyHostToDevice);
      data_.push_back(tmp);
    }
  }
  void setOne(int n) {
    float *tmp;
    cudaMalloc(&tmp, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'one_' is never released: the destructor of 'PositiveNet' releases other members but not 'one_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-15]]:3: note: destructor of 'PositiveNet' is here
    one_ = tmp;
  }
  void setNamed(const std::string &k, int n) {
    float *tmp = nullptr;
    cudaMalloc(&tmp, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'named_' is never released: the destructor of 'PositiveNet' releases other members but not 'named_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-22]]:3: note: destructor of 'PositiveNet' is here
    named_[k] = tmp;
  }

private:
  cudaStream_t stream_;
  std::vector<float *> data_;
  std::map<std::string, float *> named_;
  float *one_ = nullptr;
};

// The destructor releases every element, the member and the map's values.
class NegativeReleased {
public:
  NegativeReleased() { cudaStreamCreate(&stream_); }
  ~NegativeReleased() {
    for (float *d : data_)
      cudaFree(d);
    cudaFree(one_);
    for (auto &kv : named_)
      cudaFree(kv.second);
    cudaStreamDestroy(stream_);
  }
  void setData(int n) {
    for (int i = 0; i < 4; ++i) {
      float *tmp;
      cudaMalloc(&tmp, n);
      data_.push_back(tmp);
    }
    float *t2;
    cudaMalloc(&t2, n);
    one_ = t2;
    float *t3;
    cudaMalloc(&t3, n);
    named_["x"] = t3;
  }
  // Stored, then released at once: the member dangles, nothing is lost.
  void scratch(int n) {
    float *tmp;
    cudaMalloc(&tmp, n);
    last_ = tmp;
    cudaFree(tmp);
  }

private:
  cudaStream_t stream_;
  std::vector<float *> data_;
  std::map<std::string, float *> named_;
  float *one_ = nullptr;
  float *last_ = nullptr;
};

// Stored into a member of another object, a parameter's: not this class's.
struct Holder {
  float *buf = nullptr;
};
class NegativeOtherObject {
public:
  NegativeOtherObject() { cudaStreamCreate(&stream_); }
  ~NegativeOtherObject() { cudaStreamDestroy(stream_); }
  void fill(Holder &h, int n) {
    float *tmp;
    cudaMalloc(&tmp, n);
    h.buf = tmp;
  }

private:
  cudaStream_t stream_;
};
