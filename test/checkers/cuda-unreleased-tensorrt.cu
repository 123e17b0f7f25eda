// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// TensorRT's C++ API (namespace nvinfer1) borrows the streams and device
// pointers it is handed; the caller frees them (issue 8; the twenty-second
// labelled set's cyrusbehr/tensorrt-cpp-api EngineBuildLoadNetwork.inl:376,
// a profile stream handed to IBuilderConfig::setProfileStream and never
// destroyed, was taken for handed on). The declarations below stand for
// NvInfer.h, found by -I as often as not.

#include <cuda_runtime.h>

namespace nvinfer1 {
class IBuilderConfig {
public:
  virtual ~IBuilderConfig() = default;
  virtual bool setProfileStream(cudaStream_t stream) noexcept = 0;
};
class IExecutionContext {
public:
  virtual ~IExecutionContext() = default;
  virtual bool setTensorAddress(const char *name, void *data) noexcept = 0;
  virtual bool enqueueV3(cudaStream_t stream) noexcept = 0;
};
} // namespace nvinfer1

bool positiveBuild(nvinfer1::IBuilderConfig *config) {
  cudaStream_t profileStream;
  cudaStreamCreate(&profileStream);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  return config->setProfileStream(profileStream);
}

bool negativeBuild(nvinfer1::IBuilderConfig *config) {
  cudaStream_t profileStream;
  cudaStreamCreate(&profileStream);
  bool ok = config->setProfileStream(profileStream);
  cudaStreamDestroy(profileStream);
  return ok;
}

bool positiveInfer(nvinfer1::IExecutionContext *context, cudaStream_t stream) {
  void *input = nullptr;
  cudaMalloc(&input, 1 << 20);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  context->setTensorAddress("input", input);
  return context->enqueueV3(stream);
}

bool negativeInfer(nvinfer1::IExecutionContext *context, cudaStream_t stream) {
  void *input = nullptr;
  cudaMalloc(&input, 1 << 20);
  context->setTensorAddress("input", input);
  bool ok = context->enqueueV3(stream);
  cudaStreamSynchronize(stream);
  cudaFree(input);
  return ok;
}
