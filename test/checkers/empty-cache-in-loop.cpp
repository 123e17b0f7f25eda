// RUN: %check_tidy %s gpuleak-empty-cache-in-loop %t -- -std=c++17 %mocks

#include <ATen/DeviceAccelerator.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <torch/torch.h>

namespace cca = c10::cuda::CUDACachingAllocator;

void positiveDirect(int n) {
  for (int i = 0; i < n; ++i) {
    c10::cuda::CUDACachingAllocator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes the CUDA caching allocator on every loop iteration; each flush synchronizes the device and returns cached blocks with cudaFree, which the next iteration allocates again [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
}

void positiveSpellings(std::vector<int> &v, int n) {
  for (int x : v) {
    cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes the CUDA caching allocator on every loop iteration;{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
    cca::get()->emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-6]]:3: note: inside this loop
  }
  while (n-- > 0) {
    at::accelerator::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
  do {
    at::getDeviceAllocator(at::kCUDA)->emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
    at::cuda::CachingHostAllocator_emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'CachingHostAllocator_emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-6]]:3: note: inside this loop
  } while (n > 0);
}

// Indirect: the loop calls a function of this TU that flushes.
static void releaseMemory() {
  c10::cuda::CUDACachingAllocator::emptyCache();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'emptyCache' flushes the CUDA caching allocator on every iteration of a loop that calls 'afterFrame'; each flush{{.*}} [gpuleak-empty-cache-in-loop]
}
static void afterFrame() { releaseMemory(); }

void positiveIndirect(int frames) {
  for (int f = 0; f < frames; ++f) {
    afterFrame();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'afterFrame' is called here
    // CHECK-MESSAGES: :[[@LINE-6]]:28: note: 'releaseMemory' is called here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
  }
}

// Nested loops: reported once, with the innermost loop.
void positiveNested(int n) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      cca::emptyCache();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
      // CHECK-MESSAGES: :[[@LINE-3]]:5: note: inside this loop
    }
  }
}

// A lambda defined in the loop and run every iteration.
void positiveLambda(int n) {
  for (int i = 0; i < n; ++i) {
    auto cleanup = [] { cca::emptyCache(); };
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
    cleanup();
  }
}

// Templates: reported once for the template, not per instantiation.
template <typename T> void positiveTemplate(const std::vector<T> &items) {
  for (const T &item : items) {
    cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
}
template void positiveTemplate<int>(const std::vector<int> &);
template void positiveTemplate<float>(const std::vector<float> &);

#define FLUSH_GPU() c10::cuda::CUDACachingAllocator::emptyCache()
void positiveMacro(int n) {
  for (int i = 0; i < n; ++i) {
    FLUSH_GPU();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
}

// A lambda defined before the loop and called in it.
void positiveLambdaCalled(int n) {
  auto trim = [] { cca::emptyCache(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'emptyCache' flushes the CUDA caching allocator on every iteration of a loop that calls a lambda;{{.*}} [gpuleak-empty-cache-in-loop]
  for (int i = 0; i < n; ++i) {
    trim();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: a lambda is called here
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: inside this loop
  }
}

// ---- negatives ----

void negativeAfterLoop(int n) {
  for (int i = 0; i < n; ++i) {
  }
  cca::emptyCache();
}

void negativeOomRecovery(int n) {
  for (int i = 0; i < n; ++i) {
    try {
      (void)torch::randn({1024, 1024});
    } catch (const std::exception &) {
      cca::emptyCache();
    }
  }
}

void negativePeriodic(int n) {
  for (int step = 0; step < n; ++step) {
    if (step % 1000 == 0)
      cca::emptyCache();
  }
}

static void onUnload() { cca::emptyCache(); }
void negativeNotInLoop() { onUnload(); }

// A flush that ends the loop runs once.
void negativeBeforeReturn(int n) {
  for (int i = 0; i < n; ++i) {
    if (i == n / 2) {
      cca::emptyCache();
      return;
    }
  }
}

// Not the CUDA caching allocator.
struct MyCache {
  void emptyCache() {}
};
void negativeOtherClass(MyCache &c, int n) {
  for (int i = 0; i < n; ++i)
    c.emptyCache();
}

void negativeNolint(int n) {
  for (int i = 0; i < n; ++i)
    cca::emptyCache(); // NOLINT(gpuleak-empty-cache-in-loop)
}

// `step % 100` alone is true on 99 of 100 steps: that flush is frequent.
void positiveModuloNotEqualZero(int n, bool flushRequested) {
  for (int step = 0; step < n; ++step) {
    if (flushRequested && step % 100)
      cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: inside this loop
    if (step % 10 != 0)
      cca::emptyCache();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'emptyCache' flushes{{.*}} [gpuleak-empty-cache-in-loop]
    // CHECK-MESSAGES: :[[@LINE-8]]:3: note: inside this loop
  }
}

void negativePeriodicSpellings(int n, bool flushRequested) {
  for (int step = 0; step < n; ++step) {
    if (flushRequested && (step + 1) % 100 == 0)
      cca::emptyCache();
    if (!(step % 500))
      cca::emptyCache();
    if (0 == step % 50) {
      cca::emptyCache();
    }
  }
}
