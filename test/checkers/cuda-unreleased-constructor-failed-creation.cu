// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A constructor's throw that runs only when a creation into a member failed
// loses nothing: a null test of the member the creation wrote, or a test of
// the creation's status kept in a variable, is its failure branch, as a
// test of the creating call itself is. A test of another member or status,
// or of a value written since, proves nothing.

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <memory>
#include <stdexcept>

// SurajAralihalli/suraj-cuda's examples/RAII CudaBuffer: the throw runs only
// when cudaMalloc left the member null.
class NegativeNullTest {
public:
  explicit NegativeNullTest(size_t size) : size_(size) {
    cudaMalloc(&data_, size_);
    if (data_ == nullptr) {
      throw std::runtime_error("Failed to allocate CUDA memory");
    }
  }
  ~NegativeNullTest() {
    if (data_ != nullptr)
      cudaFree(data_);
  }

private:
  size_t size_;
  int *data_;
};

// The same test spelled `!p`, `NULL == p`, as the else branch of `p`, and
// under `&&` (its true branch needs the member null).
class NegativeNotPointer {
public:
  explicit NegativeNotPointer(int n) {
    cudaMalloc(&a_, n);
    if (!a_)
      throw std::bad_alloc();
  }
  ~NegativeNotPointer() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};

class NegativeNullFirst {
public:
  explicit NegativeNullFirst(int n) {
    cudaMallocHost(&b_, n);
    if (NULL == b_)
      throw std::bad_alloc();
  }
  ~NegativeNullFirst() { cudaFreeHost(b_); }

private:
  float *b_ = nullptr;
};

class NegativeElseOfHandle {
public:
  explicit NegativeElseOfHandle(int n) {
    cudaStreamCreate(&s_);
    if (s_) {
      n_ = n;
    } else {
      throw std::runtime_error("no stream");
    }
  }
  ~NegativeElseOfHandle() { cudaStreamDestroy(s_); }

private:
  cudaStream_t s_ = nullptr;
  int n_ = 0;
};

class NegativeNullAndOther {
public:
  explicit NegativeNullAndOther(int n) {
    cudaEventCreate(&e_);
    if (e_ == nullptr && n > 0)
      throw std::runtime_error("no event");
  }
  ~NegativeNullAndOther() { cudaEventDestroy(e_); }

private:
  cudaEvent_t e_ = nullptr;
};

// trieck/pixienn's cublas_descriptor: the creation is a template parameter,
// its status kept in a variable and checked by a macro that throws when it
// says the creation failed.
#define PX_CHECK(condition, message)                                           \
  if (!(condition))                                                            \
  throw std::runtime_error(message)
#define PX_CHECK_CUBLAS(x) PX_CHECK(x == CUBLAS_STATUS_SUCCESS, "cublas failed");

template <typename T> using cublas_create = cublasStatus_t (*)(T **);
template <typename T> using cublas_destroy = cublasStatus_t (*)(T *);

template <typename T, cublas_create<T> ctor, cublas_destroy<T> dtor>
class NegativeStatusVariable {
public:
  NegativeStatusVariable() : handle_(nullptr) {
    auto status = ctor(&handle_);
    PX_CHECK_CUBLAS(status);
  }
  ~NegativeStatusVariable() {
    if (handle_ != nullptr)
      dtor(handle_);
  }

private:
  T *handle_;
};
using NegativeCublasContext =
    NegativeStatusVariable<cublasContext, cublasCreate, cublasDestroy>;

void negativeUseContext() { auto ctx = std::make_unique<NegativeCublasContext>(); }

// A status variable assigned the creation's result, or initialized with it.
class NegativeStatusAssigned {
public:
  explicit NegativeStatusAssigned(int n) {
    cudaError_t st;
    st = cudaMalloc(&a_, n);
    if (st != cudaSuccess)
      throw std::runtime_error("out of memory");
  }
  ~NegativeStatusAssigned() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};

class NegativeStatusInitialized {
public:
  NegativeStatusInitialized() {
    cudaError_t st = cudaStreamCreate(&s_);
    if (st)
      throw std::runtime_error("no stream");
  }
  ~NegativeStatusInitialized() { cudaStreamDestroy(s_); }

private:
  cudaStream_t s_ = nullptr;
};

// The null test of the second member: the first one is lost when it throws.
class PositiveOtherMemberTested {
public:
  explicit PositiveOtherMemberTested(int n) {
    cudaMalloc(&a_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveOtherMemberTested' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    cudaMalloc(&b_, n);
    if (b_ == nullptr)
      throw std::bad_alloc();
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this throws
  }
  ~PositiveOtherMemberTested() {
    cudaFree(b_);
    cudaFree(a_);
  }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};

// `!p || n > max`: the throw also runs when the member holds memory.
class PositiveNullOrOther {
public:
  PositiveNullOrOther(int n, int max) {
    cudaMalloc(&a_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveNullOrOther' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    if (!a_ || n > max)
      throw std::invalid_argument("bad size");
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this throws
  }
  ~PositiveNullOrOther() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};

// The status variable is given a later call's status: a failure of the
// copy throws with the memory held. The status of another creation says
// nothing of the first.
class PositiveStatusReassigned {
public:
  PositiveStatusReassigned(const float *host, int n) {
    cudaError_t st = cudaMalloc(&a_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveStatusReassigned' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    st = cudaMemcpy(a_, host, n, cudaMemcpyHostToDevice);
    if (st != cudaSuccess)
      throw std::runtime_error("copy failed");
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this throws
    cudaError_t first = cudaMalloc(&b_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: the device memory allocated by 'cudaMalloc' into member 'b_' is leaked when the constructor of 'PositiveStatusReassigned' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    cudaError_t second = cudaMemset(b_, 0, n);
    if (second != cudaSuccess || first != cudaSuccess)
      throw std::runtime_error("setup failed");
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this throws
  }
  ~PositiveStatusReassigned() {
    cudaFree(b_);
    cudaFree(a_);
  }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};

// The null test opens before the creation: its branch does not say that
// the creation failed.
class PositiveTestBeforeCreation {
public:
  PositiveTestBeforeCreation(int n, int max) {
    if (!a_) {
      cudaMalloc(&a_, n);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveTestBeforeCreation' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
      if (n > max)
        throw std::invalid_argument("n too large");
      // CHECK-MESSAGES: :[[@LINE-1]]:9: note: leaked when this throws
    }
  }
  ~PositiveTestBeforeCreation() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};

// The member is written between the creation and its test.
class PositiveWrittenBeforeTest {
public:
  PositiveWrittenBeforeTest(float *other, int n) {
    cudaMalloc(&a_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveWrittenBeforeTest' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    a_ = other;
    if (a_ == nullptr)
      throw std::invalid_argument("no buffer");
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this throws
  }
  ~PositiveWrittenBeforeTest() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};
