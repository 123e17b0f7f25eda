// RUN: %check_tidy %s gpuleak-empty-cache-in-loop %t \
// RUN:   -config="{CheckOptions: {gpuleak-empty-cache-in-loop.IgnoreRareFlushes: false}}" \
// RUN:   -- -std=c++17 %mocks

#include <c10/cuda/CUDACachingAllocator.h>
#include <torch/torch.h>

namespace cca = c10::cuda::CUDACachingAllocator;

void positiveOomRecovery(int n) {
  for (int i = 0; i < n; ++i) {
    try {
      (void)torch::randn({1024, 1024});
    } catch (const std::exception &) {
      cca::emptyCache();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
      // CHECK-MESSAGES: :[[@LINE-6]]:3: note: inside this loop
    }
  }
}

void positivePeriodic(int n) {
  for (int step = 0; step < n; ++step) {
    if (step % 1000 == 0)
      cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
  }
}

void positiveBeforeBreak(int n) {
  for (int i = 0; i < n; ++i) {
    if (i == n / 2) {
      cca::emptyCache();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
      // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
      break;
    }
  }
}
