// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %torch_flags

// Raw CUDA next to LibTorch: a side stream and a staging buffer per batch.
// The real LibTorch 2.11 and CUDA 13 headers.

#include <cuda_runtime.h>
#include <torch/torch.h>

#include <vector>

// Flagged: a stream per call that is never destroyed, and a device buffer
// that leaks when the copy fails.
torch::Tensor uploadBatchLeaky(const std::vector<float> &host) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreateWithFlags' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // Every return leaks it, each named, in source order.
  // CHECK-MESSAGES: :[[@LINE+6]]:5: note: leaked when this returns
  // CHECK-MESSAGES: :[[@LINE+10]]:5: note: leaked when this returns
  // CHECK-MESSAGES: :[[@LINE+16]]:3: note: leaked when this returns
  float *staging = nullptr;
  const size_t bytes = host.size() * sizeof(float);
  if (cudaMalloc(&staging, bytes) != cudaSuccess)
    return {};
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+3]]:5: note: leaked when this returns
  if (cudaMemcpyAsync(staging, host.data(), bytes, cudaMemcpyHostToDevice,
                      stream) != cudaSuccess)
    return {};
  auto out = torch::empty({static_cast<int64_t>(host.size())},
                          torch::dtype(torch::kFloat).device(torch::kCUDA));
  cudaMemcpyAsync(out.data_ptr<float>(), staging, bytes,
                  cudaMemcpyDeviceToDevice, stream);
  cudaStreamSynchronize(stream);
  cudaFree(staging);
  return out;
}

// Correct: the stream is destroyed on every path, and the buffer is handed
// to the tensor, whose deleter frees it.
torch::Tensor uploadBatch(const std::vector<float> &host) {
  cudaStream_t stream;
  if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess)
    return {};
  float *staging = nullptr;
  const size_t bytes = host.size() * sizeof(float);
  if (cudaMalloc(&staging, bytes) != cudaSuccess) {
    cudaStreamDestroy(stream);
    return {};
  }
  if (cudaMemcpyAsync(staging, host.data(), bytes, cudaMemcpyHostToDevice,
                      stream) != cudaSuccess) {
    cudaFree(staging);
    cudaStreamDestroy(stream);
    return {};
  }
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  return torch::from_blob(
      staging, {static_cast<int64_t>(host.size())},
      [](void *p) { cudaFree(p); },
      torch::dtype(torch::kFloat).device(torch::kCUDA));
}
