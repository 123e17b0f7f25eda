// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// Host functions enqueued into a stream (cudaLaunchHostFunc,
// cudaStreamAddCallback) may make no CUDA API call: a cudaFreeHost there
// fails, so the memory it was to release is never released.

#include <cuda_runtime.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2.0f;
}

// ---- positives ----

void positiveLambdaFreesPinned(cudaStream_t s, float *d, size_t n) {
  float *staging = nullptr;
  cudaMallocHost(&staging, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cudaMallocHost' is never released; release it with 'cudaFreeHost' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+5]]:1: note: leaked at the end of 'positiveLambdaFreesPinned'
  cudaMemcpyAsync(d, staging, n, cudaMemcpyHostToDevice, s);
  cudaLaunchHostFunc(s, [](void *q) { cudaFreeHost(q); }, staging);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'cudaFreeHost' cannot release anything in a host function enqueued with 'cudaLaunchHostFunc', where CUDA API calls are not permitted; release it outside the host function, after the stream is synchronized [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: host function enqueued with 'cudaLaunchHostFunc' here
}

static void CUDART_CB releaseStaging(cudaStream_t, cudaError_t, void *data) {
  cudaFreeHost(data);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'cudaFreeHost' cannot release anything in a host function enqueued with 'cudaStreamAddCallback', where CUDA API calls {{.*}}
  // CHECK-MESSAGES: :[[@LINE+11]]:5: note: host function enqueued with 'cudaStreamAddCallback' here
}
void positiveCallbackFreesPinned(cudaStream_t s, float *d, const float *src,
                                 size_t n) {
  float *staging = nullptr;
  if (cudaHostAlloc(&staging, n, cudaHostAllocDefault) != cudaSuccess)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the pinned host memory allocated by 'cudaHostAlloc' is not released on every path; release it with 'cudaFreeHost' on every path out of the function [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+7]]:1: note: leaked at the end of 'positiveCallbackFreesPinned'
    return;
  std::memcpy(staging, src, n);
  if (cudaMemcpyAsync(d, staging, n, cudaMemcpyHostToDevice, s) == cudaSuccess)
    cudaStreamAddCallback(s, releaseStaging, staging, 0);
  else
    cudaFreeHost(staging);
}

void positiveCallbackVariable(cudaStream_t s, size_t n) {
  float *scratch = nullptr;
  cudaMallocAsync(&scratch, n, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMallocAsync' is never released;{{.*}}
  // CHECK-MESSAGES: :[[@LINE+7]]:1: note: leaked at the end of 'positiveCallbackVariable'
  scale<<<1, 32, 0, s>>>(scratch, 32);
  cudaStreamCallback_t freeWhenDone = [](cudaStream_t, cudaError_t,
                                         void *p) { cudaFree(p); };
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'cudaFree' cannot release anything in a host function enqueued with 'cudaStreamAddCallback',{{.*}}
  // CHECK-MESSAGES: :[[@LINE+1]]:3: note: host function enqueued with 'cudaStreamAddCallback' here
  cudaStreamAddCallback(s, freeWhenDone, scratch, 0);
}

void positiveOtherApiInHostFunction(cudaStream_t s) {
  cudaLaunchHostFunc(s, [](void *) { cudaDeviceSynchronize(); }, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'cudaDeviceSynchronize' is called in a host function enqueued with 'cudaLaunchHostFunc', where CUDA API calls are not permitted; make the call outside the host function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: host function enqueued with 'cudaLaunchHostFunc' here
}

// ---- negatives ----

void negativeHostFunctionSetsFlag(cudaStream_t s, std::atomic<bool> *done) {
  cudaLaunchHostFunc(
      s, [](void *f) { static_cast<std::atomic<bool> *>(f)->store(true); },
      done);
}

void negativeHostFunctionFreesHostMemory(cudaStream_t s, float *d, size_t n) {
  float *host = static_cast<float *>(std::malloc(n));
  cudaMemcpyAsync(host, d, n, cudaMemcpyDeviceToHost, s);
  cudaLaunchHostFunc(s, [](void *p) { std::free(p); }, host);
}

static void CUDART_CB printFirst(void *data) {
  std::printf("%f\n", *static_cast<float *>(data));
}
void negativePinnedReleasedAfterSync(cudaStream_t s, const float *d,
                                     size_t n) {
  float *pinned = nullptr;
  if (cudaMallocHost(&pinned, n) != cudaSuccess)
    return;
  cudaMemcpyAsync(pinned, d, n, cudaMemcpyDeviceToHost, s);
  cudaLaunchHostFunc(s, printFirst, pinned);
  cudaStreamSynchronize(s);
  cudaFreeHost(pinned);
}

void releaseLater(void *data); // defined elsewhere: may keep it
void negativeHostFunctionElsewhere(cudaStream_t s, size_t n) {
  float *pinned = nullptr;
  cudaMallocHost(&pinned, n);
  cudaLaunchHostFunc(s, releaseLater, pinned);
}
