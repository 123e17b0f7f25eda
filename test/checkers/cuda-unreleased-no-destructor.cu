// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A class without a destructor whose constructor (or a method) creates CUDA
// resources into members that nothing releases (issue 8): reported when
// objects of it are made again and again, quiet when one lives as long as
// the process or when its users or a method release the members.

#include <cuda_runtime.h>
#include <cublas_v2.h>

#include <memory>
#include <utility>

// The shape of unkarjedy/CUDA_labs lab2/cuda_timer.cu: a timer per
// measurement, each leaking two events.
class PositiveTimer {
public:
  PositiveTimer() {
    cudaEventCreate(&start_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA event created by 'cudaEventCreate' into member 'start_' is never released: 'PositiveTimer' has no destructor, nothing releases 'start_', and objects of 'PositiveTimer' are made repeatedly; release it with 'cudaEventDestroy' in a destructor of 'PositiveTimer' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'PositiveTimer' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+29]]:5: note: 'measure' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE+21]]:17: note: an object of 'PositiveTimer' is made here
    cudaEventCreate(&stop_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA event created by 'cudaEventCreate' into member 'stop_' is never released: 'PositiveTimer' has no destructor, nothing releases 'stop_', and objects of 'PositiveTimer' are made repeatedly; release it with 'cudaEventDestroy' in a destructor of 'PositiveTimer' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-10]]:7: note: 'PositiveTimer' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+24]]:5: note: 'measure' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE+16]]:17: note: an object of 'PositiveTimer' is made here
  }
  void start() { cudaEventRecord(start_, 0); }
  float stop() {
    cudaEventRecord(stop_, 0);
    cudaEventSynchronize(stop_);
    float ms = 0;
    cudaEventElapsedTime(&ms, start_, stop_);
    return ms;
  }

private:
  cudaEvent_t start_, stop_;
};

float measure(int n) {
  PositiveTimer timer;
  timer.start();
  return timer.stop() + n;
}

void positiveRuns() {
  for (int n = 3; n <= 9; n += 2)
    measure(n);
}

// A stream made per object, the objects made with make_unique in a loop.
class PositiveWorker {
public:
  explicit PositiveWorker(int n) : n_(n) { init(); }
  void init() {
    cudaStreamCreate(&stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' into member 'stream_' is never released: 'PositiveWorker' has no destructor, nothing releases 'stream_', and objects of 'PositiveWorker' are made repeatedly; release it with 'cudaStreamDestroy' in a destructor of 'PositiveWorker' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-6]]:7: note: 'PositiveWorker' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+11]]:14: note: an object of 'PositiveWorker' is made in a loop here
  }
  void run(float *x) { cudaMemsetAsync(x, 0, n_, stream_); }

private:
  int n_;
  cudaStream_t stream_;
};

void positiveWorkers(float *x, int jobs) {
  for (int j = 0; j < jobs; ++j) {
    auto w = std::make_unique<PositiveWorker>(j);
    w->run(x);
  }
}

// A member of another class, made in a loop.
class PositiveScratch {
public:
  PositiveScratch() {
    cudaMalloc(&buf_, 1024);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is never released: 'PositiveScratch' has no destructor, nothing releases 'buf_', and objects of 'PositiveScratch' are made repeatedly; release it with 'cudaFree' in a destructor of 'PositiveScratch' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'PositiveScratch' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+15]]:18: note: an object of 'PositiveScratch' is made in a loop here
  }
  float *data() const { return nullptr; }

private:
  float *buf_;
};

struct PositiveStep {
  PositiveScratch scratch;
  int id = 0;
};

void positiveSteps(int steps) {
  for (int s = 0; s < steps; ++s) {
    PositiveStep step;
    step.id = s;
  }
}

// Negatives.

// One object for the process: a global, and one in main.
class NegativeGlobalTimer {
public:
  NegativeGlobalTimer() { cudaEventCreate(&ev_); }
  void mark() { cudaEventRecord(ev_, 0); }

private:
  cudaEvent_t ev_;
};
NegativeGlobalTimer globalTimer;

class NegativeMainContext {
public:
  NegativeMainContext() { cublasCreate(&handle_); }
  void use() { cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_HOST); }

private:
  cublasHandle_t handle_;
};

// A plain struct whose users free it field by field.
struct NegativePod {
  NegativePod(int n) { cudaMalloc(&buf, n); }
  float *buf;
};
void negativePodUser(int steps) {
  for (int s = 0; s < steps; ++s) {
    NegativePod p(256);
    cudaFree(p.buf);
  }
}

// A handle wrapper whose users call release().
class NegativeReleasable {
public:
  NegativeReleasable() { cudaStreamCreate(&s_); }
  void release() { cudaStreamDestroy(s_); }

private:
  cudaStream_t s_;
};
void negativeReleasableUser(int steps) {
  for (int s = 0; s < steps; ++s) {
    NegativeReleasable r;
    r.release();
  }
}

// A move-only wrapper that hands its handle on.
class NegativeMoveOnly {
public:
  NegativeMoveOnly() { cudaEventCreate(&ev_); }
  NegativeMoveOnly(const NegativeMoveOnly &) = delete;
  NegativeMoveOnly(NegativeMoveOnly &&o) : ev_(std::exchange(o.ev_, nullptr)) {}
  cudaEvent_t take() { return std::exchange(ev_, nullptr); }

private:
  cudaEvent_t ev_;
};
void negativeMoveOnlyUser(int steps) {
  for (int s = 0; s < steps; ++s) {
    NegativeMoveOnly m;
    cudaEventDestroy(m.take());
  }
}

// Made per call of a function that nothing calls in a loop.
class NegativeOnce {
public:
  NegativeOnce() { cudaEventCreate(&ev_); }
  void mark() { cudaEventRecord(ev_, 0); }

private:
  cudaEvent_t ev_;
};
void negativeSetup() {
  NegativeOnce once;
  once.mark();
}

int main() {
  NegativeMainContext ctx;
  ctx.use();
  globalTimer.mark();
  negativeSetup();
  positiveRuns();
  return 0;
}
