// The same check on the real LibTorch 2.11 headers, so that the mocks in
// test/Inputs cannot drift from them.
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-empty-cache-in-loop %t -- -std=c++17 %torch_flags

#include <ATen/DeviceAccelerator.h>
#include <ATen/cuda/CachingHostAllocator.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <torch/torch.h>

void positiveSpellings(int n) {
  for (int i = 0; i < n; ++i) {
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes the CUDA caching allocator on every loop iteration; each flush synchronizes the device and returns cached blocks with cudaFree, which the next iteration allocates again [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
    c10::cuda::CUDACachingAllocator::get()->emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-6]]:3: note: inside this loop
    at::accelerator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-9]]:3: note: inside this loop
    at::getDeviceAllocator(at::kCUDA)->emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-12]]:3: note: inside this loop
    at::getHostAllocator(at::kCUDA)->empty_cache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'empty_cache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-15]]:3: note: inside this loop
  }
}

static void trim() { c10::cuda::CUDACachingAllocator::emptyCache(); }
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'emptyCache' flushes the CUDA caching allocator on every iteration of a loop that calls 'trim';{{.*}} [gpuleak-empty-cache-in-loop]

void positiveIndirect(torch::nn::Linear &layer, int n) {
  torch::NoGradGuard no_grad;
  for (int i = 0; i < n; ++i) {
    torch::Tensor y = layer->forward(torch::randn({8, 4}));
    trim();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'trim' is called here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
  }
}

void negativeOomRetry(torch::nn::Linear &layer, int n) {
  for (int i = 0; i < n; ++i) {
    try {
      torch::Tensor y = layer->forward(torch::randn({8, 4}));
    } catch (const c10::OutOfMemoryError &) {
      c10::cuda::CUDACachingAllocator::emptyCache();
    }
  }
  c10::cuda::CUDACachingAllocator::emptyCache();
}
