// RUN: %check_tidy %s gpuleak-empty-cache-in-loop %t \
// RUN:   -config="{CheckOptions: {gpuleak-empty-cache-in-loop.MaxCallDepth: 3}}" \
// RUN:   -- -std=c++17 %mocks

#include <c10/cuda/CUDACachingAllocator.h>

namespace cca = c10::cuda::CUDACachingAllocator;

void positiveDirect(int n) {
  for (int i = 0; i < n; ++i) {
    cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes the CUDA caching allocator on every loop iteration;{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
}

static void flushOneDeep() { cca::emptyCache(); }
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'emptyCache' flushes the CUDA caching allocator on every iteration of a loop that calls 'flushTwoDeep';{{.*}} [gpuleak-empty-cache-in-loop]
static void flushTwoDeep() { flushOneDeep(); }
static void flushThreeDeep() { flushTwoDeep(); }

// Three calls to reach the flush, one more than MaxCallDepth: 3 allows.
void negativeBeyondDepth(int n) {
  for (int i = 0; i < n; ++i)
    flushThreeDeep();
}

// flushTwoDeep was explored above at depth 2, where it could not reach the
// flush; here it is called from the loop (depth 1) and can.
void positiveTwoCallsDeep(int n) {
  for (int i = 0; i < n; ++i) {
    flushTwoDeep();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'flushTwoDeep' is called here
    // CHECK-MESSAGES: :[[@LINE-15]]:30: note: 'flushOneDeep' is called here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
  }
}
