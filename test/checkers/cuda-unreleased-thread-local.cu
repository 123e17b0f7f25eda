// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A handle created into a `static thread_local` variable of a function and
// never released (issue 8; the twenty-first labelled set's
// OpenNMT/CTranslate2 src/cuda/utils.cc:45, :56, :68, fixed upstream by
// destroying the handles on thread exit): one resource per thread, lost
// when the thread ends. Not reported: a handle that the function releases,
// one handed to code that may keep or release it, a thread-local object
// that owns it, and a plain static (one per process, freed by its exit).

#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CHECK(x) do { if ((x) != 0) throw 1; } while (0)

void keep(cudaStream_t s);

cudaStream_t positiveStream() {
  static thread_local cudaStream_t stream;
  static thread_local bool ready = false;
  if (!ready) {
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the CUDA stream created by 'cudaStreamCreateWithFlags' into thread-local 'stream' is never released: each thread that ends loses it; release it with 'cudaStreamDestroy' in the destructor of a thread-local object that owns it [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:36: note: 'stream' is declared thread-local here
    ready = true;
  }
  return stream;
}

cublasHandle_t positiveHandle() {
  static thread_local cublasHandle_t handle = nullptr;
  if (!handle) {
    cublasCreate(&handle);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the cuBLAS handle created by 'cublasCreate' into thread-local 'handle' is never released: each thread that ends loses it; release it with 'cublasDestroy' in the destructor of a thread-local object that owns it [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-4]]:38: note: 'handle' is declared thread-local here
    cublasSetStream(handle, positiveStream());
  }
  return handle;
}

// Released by the function itself (a reset path).
cudaEvent_t negativeReset(bool reset) {
  static thread_local cudaEvent_t ev = nullptr;
  if (reset && ev) {
    cudaEventDestroy(ev);
    ev = nullptr;
  }
  if (!ev)
    cudaEventCreate(&ev);
  return ev;
}

// Handed to code of another file that may keep it.
void negativeHandedOn() {
  static thread_local cudaStream_t s;
  cudaStreamCreate(&s);
  keep(s);
}

// Owned by a thread-local object whose destructor releases it.
struct StreamOwner {
  StreamOwner() { cudaStreamCreate(&s); }
  ~StreamOwner() { cudaStreamDestroy(s); }
  cudaStream_t s;
};
cudaStream_t negativeOwned() {
  static thread_local StreamOwner owner;
  return owner.s;
}

// A plain static: one per process.
cudaStream_t negativeProcessWide() {
  static cudaStream_t s = nullptr;
  if (!s)
    cudaStreamCreate(&s);
  return s;
}
