// Host-to-device upload of a batch through a raw CUDA staging buffer, next to
// LibTorch: the leaky version loses its stream and, on an early return, its
// buffer; the correct one releases both on every path and hands the buffer
// to the tensor that uses it.
#include "model.h"

#include <cuda_runtime.h>

torch::Tensor upload_batch_leaky(const std::vector<float>& host) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);  // gpuleak: cuda-unreleased (never destroyed)
  float* staging = nullptr;
  const size_t bytes = host.size() * sizeof(float);
  if (cudaMalloc(&staging, bytes) != cudaSuccess)  // gpuleak: cuda-unreleased (lost on the early return)
    return {};
  if (cudaMemcpyAsync(staging, host.data(), bytes, cudaMemcpyHostToDevice, stream) != cudaSuccess)
    return {};
  torch::Tensor out = torch::empty({static_cast<int64_t>(host.size())},
                                   torch::TensorOptions().dtype(torch::kFloat).device(torch::kCUDA));
  cudaMemcpyAsync(out.data_ptr<float>(), staging, bytes, cudaMemcpyDeviceToDevice, stream);
  cudaStreamSynchronize(stream);
  cudaFree(staging);
  return out;
}

torch::Tensor upload_batch(const std::vector<float>& host) {
  cudaStream_t stream;
  if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess)
    return {};
  float* staging = nullptr;
  const size_t bytes = host.size() * sizeof(float);
  if (cudaMalloc(&staging, bytes) != cudaSuccess) {
    cudaStreamDestroy(stream);
    return {};
  }
  if (cudaMemcpyAsync(staging, host.data(), bytes, cudaMemcpyHostToDevice, stream) != cudaSuccess) {
    cudaFree(staging);
    cudaStreamDestroy(stream);
    return {};
  }
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  return torch::from_blob(staging, {static_cast<int64_t>(host.size())}, [](void* p) { cudaFree(p); },
                          torch::TensorOptions().dtype(torch::kFloat).device(torch::kCUDA));
}
