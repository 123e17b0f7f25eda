// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A resource created into an element of a member that is a standard
// container (`cudaMallocHost(&host_[layer][type], n)`, `cudaMalloc(
// &bufs_.at(i), n)`) is held by the member: a destructor that releases
// other members and not this one's elements forgets them. The elements are
// judged as the member would be: released (`cudaFree(bufs_[i])`), copied
// out and released, handed on, or returned by a method named for giving it
// up, they are looked after; copied into another element of the same
// member, read, tested or sized, they are not. The container used through
// another method (`begin()`, `data()`, `clear()`) or whole (a range-for, an
// argument) may hand its elements on. Before, only plain members and arrays
// were followed (the sixteenth labelled set's siddharth9820/MoDNN
// `network.cu:926`, pinned buffers in a member map that `~seqNetwork`
// forgets while it frees the device buffers of another map).

#include <algorithm>
#include <cuda_runtime.h>
#include <map>
#include <string>
#include <vector>

using BufferMap = std::map<std::string, float *>;

// ---- positives ----

class PositiveOffload {
public:
  explicit PositiveOffload(int layers) {
    device_.resize(layers);
    host_.resize(layers);
    for (int i = 0; i < layers; i++)
      cudaMalloc(&device_[i]["output"], 1024);
  }
  float *offload(int layer, const std::string &type, size_t bytes) {
    if (host_[layer][type] == nullptr)
      cudaMallocHost((void **)&(host_[layer][type]), bytes);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'host_' is never released: the destructor of 'PositiveOffload' releases other members but not 'host_'; release it with 'cudaFreeHost' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+9]]:3: note: destructor of 'PositiveOffload' is here
    cudaMemcpy(host_[layer][type], device_[layer][type], bytes,
               cudaMemcpyDeviceToHost);
    if (layer + 1 < (int)host_.size())
      host_[layer + 1]["input"] = host_[layer]["output"];
    return host_[layer][type];
  }
  void reset(int layer) { host_[layer] = BufferMap(); }
  size_t layers() const { return host_.size(); }
  ~PositiveOffload() {
    for (size_t i = 0; i < device_.size(); i++)
      cudaFree(device_[i]["output"]);
  }

private:
  std::vector<BufferMap> device_, host_;
};

class PositiveVectorAt {
public:
  PositiveVectorAt(int n) : bufs_(n) {
    cudaStreamCreate(&stream_);
    for (int i = 0; i < n; i++)
      cudaMalloc(&bufs_.at(i), 256);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' into member 'bufs_' is never released: the destructor of 'PositiveVectorAt' releases other members but not 'bufs_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveVectorAt' is here
  }
  ~PositiveVectorAt() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_;
  std::vector<float *> bufs_;
};

// ---- negatives ----

class NegativeIndexLoop {
public:
  NegativeIndexLoop(int n) : bufs_(n) {
    cudaStreamCreate(&stream_);
    for (int i = 0; i < n; i++)
      cudaMalloc(&bufs_[i], 256);
  }
  ~NegativeIndexLoop() {
    cudaStreamDestroy(stream_);
    for (size_t i = 0; i < bufs_.size(); i++)
      cudaFree(bufs_[i]);
  }

private:
  cudaStream_t stream_;
  std::vector<float *> bufs_;
};

class NegativeRangeFor {
public:
  NegativeRangeFor(int n) : bufs_(n) {
    cudaStreamCreate(&stream_);
    for (int i = 0; i < n; i++)
      cudaMalloc(&bufs_[i], 256);
  }
  ~NegativeRangeFor() {
    cudaStreamDestroy(stream_);
    for (float *p : bufs_)
      cudaFree(p);
  }

private:
  cudaStream_t stream_;
  std::vector<float *> bufs_;
};

class NegativeForEach {
public:
  NegativeForEach(int n) : bufs_(n) {
    cudaStreamCreate(&stream_);
    for (int i = 0; i < n; i++)
      cudaMalloc(&bufs_[i], 256);
  }
  ~NegativeForEach() {
    cudaStreamDestroy(stream_);
    std::for_each(bufs_.begin(), bufs_.end(), [](float *p) { cudaFree(p); });
  }

private:
  cudaStream_t stream_;
  std::vector<float *> bufs_;
};

class NegativeMapCopiedOut {
public:
  NegativeMapCopiedOut() {
    cudaStreamCreate(&stream_);
    cudaMallocHost((void **)&host_["a"], 64);
  }
  ~NegativeMapCopiedOut() {
    cudaStreamDestroy(stream_);
    float *p = host_["a"];
    cudaFreeHost(p);
  }

private:
  cudaStream_t stream_;
  std::map<std::string, float *> host_;
};

class NegativeReleasedMethod {
public:
  NegativeReleasedMethod() {
    cudaStreamCreate(&stream_);
    cudaMalloc(&bufs_[0], 64);
  }
  float *release(int i) { return bufs_[i]; }
  ~NegativeReleasedMethod() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_;
  std::map<int, float *> bufs_;
};
