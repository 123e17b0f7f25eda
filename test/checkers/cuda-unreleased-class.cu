// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// Resources created into members (issue 9, kind 2), and the API surface of
// kind 3 (cuDNN descriptors, NCCL communicators, host registrations).

#include <cuda_runtime.h>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cudnn.h>
#include <nccl.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#define CHECK_CUDNN(x)                                                         \
  do {                                                                         \
    cudnnStatus_t s_ = (x);                                                    \
    if (s_ != CUDNN_STATUS_SUCCESS) {                                          \
      std::fprintf(stderr, "%s\n", cudnnGetErrorString(s_));                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// An LSTM layer that frees its buffers and forgets its descriptors (the
// shape of tkDNN's LSTM.cpp).
class PositiveLstm {
public:
  PositiveLstm(int n) {
    CHECK_CUDNN(cudnnCreateTensorDescriptor(&hx_desc_));
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the cuDNN tensor descriptor created by 'cudnnCreateTensorDescriptor' into member 'hx_desc_' is never released: the destructor of 'PositiveLstm' releases other members but not 'hx_desc_'; release it with 'cudnnDestroyTensorDescriptor' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+15]]:3: note: destructor of 'PositiveLstm' is here
    CHECK_CUDNN(cudnnCreateRNNDescriptor(&rnn_desc_));
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the cuDNN RNN descriptor created by 'cudnnCreateRNNDescriptor' into member 'rnn_desc_' is never released: the destructor of 'PositiveLstm' releases other members but not 'rnn_desc_'; release it with 'cudnnDestroyRNNDescriptor' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+12]]:3: note: destructor of 'PositiveLstm' is here
    cudaMalloc(&hx_, n * sizeof(float));
    cudaMalloc(&work_, n * sizeof(float));
    CHECK_CUDNN(cudnnCreateFilterDescriptor(&w_desc_)); // destroyed below
  }
  PositiveLstm(const PositiveLstm &) = delete;
  PositiveLstm &operator=(const PositiveLstm &) = delete;
  void run(float *x) {
    cudnnSetTensor4dDescriptor(hx_desc_, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                               1, 1, 1, 1);
    cudaMemcpy(hx_, x, sizeof(float), cudaMemcpyHostToDevice);
  }
  ~PositiveLstm() {
    cudaFree(hx_);
    cudaFree(work_);
    cudnnDestroyFilterDescriptor(w_desc_);
  }

private:
  cudnnTensorDescriptor_t hx_desc_;
  cudnnRNNDescriptor_t rnn_desc_;
  cudnnFilterDescriptor_t w_desc_;
  float *hx_ = nullptr, *work_ = nullptr;
};

// A segmentation wrapper whose init() allocates and whose destructor only
// destroys the cuBLAS handle (tkDNN's SegmentationNN.h).
struct PositiveSegmenter {
  PositiveSegmenter() { cublasCreate(&handle); }
  ~PositiveSegmenter() { cublasDestroy(handle); }
  bool init(size_t n) {
    cudaMallocHost(&input, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'input' is never released: the destructor of 'PositiveSegmenter' releases other members but not 'input'; release it with 'cudaFreeHost' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: destructor of 'PositiveSegmenter' is here
    cudaMalloc(&input_d, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'input_d' is never released: the destructor of 'PositiveSegmenter' releases other members but not 'input_d'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-7]]:3: note: destructor of 'PositiveSegmenter' is here
    return true;
  }
  cublasHandle_t handle;
  float *input = nullptr;
  float *input_d = nullptr;
};

// A member created in the constructor and created again by a method.
class PositiveResize {
public:
  explicit PositiveResize(size_t n) { cudaMalloc(&buf_, n); }
  void resize(size_t n) {
    cudaMalloc(&buf_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' loses the one 'buf_' already holds, which a constructor of 'PositiveResize' created; release it with 'cudaFree' first [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-4]]:39: note: 'buf_' receives the first one here
  }
  ~PositiveResize() { cudaFree(buf_); }

private:
  float *buf_ = nullptr;
};

// setup() run by every forward(): each call loses the previous stream.
class PositiveSetupPerCall {
public:
  void setup() {
    cudaStreamCreate(&stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' into member 'stream_' loses the one 'stream_' already holds, when 'setup' runs again; release it with 'cudaStreamDestroy' first [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:5: note: 'setup' is called here each time this function runs
  }
  void forward(float *x, int n) {
    setup();
    cudaMemsetAsync(x, 0, n, stream_);
  }
  ~PositiveSetupPerCall() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_ = nullptr;
};

// A plan struct with a destroy function that forgets one member.
struct Plan {
  float *twiddles;
  float *scratch;
  cudaEvent_t done;
};
Plan *create_plan(size_t n) {
  Plan *p = new Plan;
  cudaMalloc(&p->twiddles, n);
  cudaMalloc(&p->scratch, n);
  cudaEventCreate(&p->done);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA event created by 'cudaEventCreate' into member 'done' is never released: 'destroy_plan' releases other members of 'Plan' but not 'done'; release it with 'cudaEventDestroy' there [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+3]]:6: note: 'destroy_plan' is here
  return p;
}
void destroy_plan(Plan *p) {
  cudaFree(p->twiddles);
  cudaFree(p->scratch);
  delete p;
}

// A communicator created per call into a local and never destroyed (kind 3).
void positiveNcclPerCall(int n, ncclUniqueId id, int rank, float *buf) {
  ncclComm_t comm;
  ncclCommInitRank(&comm, n, id, rank);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the NCCL communicator created by 'ncclCommInitRank' is never released; release it with 'ncclCommDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+2]]:1: note: leaked at the end of 'positiveNcclPerCall'
  ncclAllReduce(buf, buf, 1, ncclFloat, ncclSum, comm, nullptr);
}

// A registration of a local buffer that a throwing path leaves registered.
void positiveHostRegister(size_t n, bool bad) {
  float *p = static_cast<float *>(std::malloc(n));
  cudaHostRegister(p, n, cudaHostRegisterDefault);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the host memory registration created by 'cudaHostRegister' is not released on every path; release it with 'cudaHostUnregister' on every path out of the function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+2]]:5: note: leaked when this throws
  if (bad)
    throw std::runtime_error("bad input");
  cudaHostUnregister(p);
  std::free(p);
}

// All communicators of ncclCommInitAll, through the array.
void negativeNcclAll(int *devs) {
  ncclComm_t comms[4];
  ncclCommInitAll(comms, 4, devs);
  for (int i = 0; i < 4; ++i)
    ncclCommDestroy(comms[i]);
}

void positiveNcclAll(int *devs) {
  ncclComm_t comms[2];
  ncclCommInitAll(comms, 2, devs);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the NCCL communicator created by 'ncclCommInitAll' is never released; release it with 'ncclCommDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+1]]:1: note: leaked at the end of 'positiveNcclAll'
}

// Negative: every member released by the destructor, one of them through a
// helper method it calls, one under the flag it was created under, one under
// a null test (tkDNN's LayerWgs, Pooling).
class NegativeHelper {
public:
  NegativeHelper(bool fp16, size_t n) : fp16_(fp16) {
    cudaMalloc(&data_, n);
    if (fp16_)
      cudaMalloc(&data16_, n);
    cudnnCreatePoolingDescriptor(&pool_);
  }
  ~NegativeHelper() {
    releaseDevice();
    cudnnDestroyPoolingDescriptor(pool_);
  }
  void releaseDevice() {
    if (data_ != nullptr) {
      cudaFree(data_);
      data_ = nullptr;
    }
    if (fp16_ && data16_)
      cudaFree(data16_);
  }

private:
  bool fp16_;
  float *data_ = nullptr, *data16_ = nullptr;
  cudnnPoolingDescriptor_t pool_;
};

// Negative: the destructor is declared here and defined in another file:
// nothing is known of what it releases.
class NegativeOtherFile {
public:
  NegativeOtherFile() {
    cudaMalloc(&a_, 16);
    cudaEventCreate(&e_);
  }
  ~NegativeOtherFile();

private:
  float *a_;
  cudaEvent_t e_;
};

// Negative: a destructor that releases no CUDA member at all (no evidence
// of which members the class owns), and a class without a destructor.
class NegativeNoRelease {
public:
  NegativeNoRelease() { cudaStreamCreate(&s_); }
  ~NegativeNoRelease() { std::puts("bye"); }

private:
  cudaStream_t s_;
};
struct NegativeImplicit {
  NegativeImplicit() { cudaMalloc(&p, 4); }
  float *p;
};

// Negative: ownership handed on (a member returned by release(), a member
// handed to a unique_ptr with a deleter), and a unique_ptr member.
struct CudaFreeDeleter {
  void operator()(float *p) const { cudaFree(p); }
};
class NegativeHandedOn {
public:
  NegativeHandedOn() {
    cudaMalloc(&raw_, 16);
    cudaMalloc(&kept_, 16);
    cudaEventCreate(&ev_);
    float *tmp = nullptr;
    cudaMalloc(&tmp, 16);
    owned_.reset(tmp);
  }
  float *release() { return raw_; }
  std::unique_ptr<float, CudaFreeDeleter> take() {
    return std::unique_ptr<float, CudaFreeDeleter>(kept_);
  }
  ~NegativeHandedOn() { cudaEventDestroy(ev_); }

private:
  float *raw_ = nullptr, *kept_ = nullptr;
  cudaEvent_t ev_;
  std::unique_ptr<float, CudaFreeDeleter> owned_;
};

// Negative: a method that releases before creating again, one that tests
// the member first, and a copy assignment that frees the old buffer (rule of
// five); a move leaves the source empty.
class NegativeRuleOfFive {
public:
  explicit NegativeRuleOfFive(size_t n) : n_(n) { cudaMalloc(&buf_, n); }
  NegativeRuleOfFive(const NegativeRuleOfFive &o) : n_(o.n_) {
    cudaMalloc(&buf_, n_);
    cudaMemcpy(buf_, o.buf_, n_, cudaMemcpyDeviceToDevice);
  }
  NegativeRuleOfFive(NegativeRuleOfFive &&o) noexcept : buf_(o.buf_), n_(o.n_) {
    o.buf_ = nullptr;
  }
  NegativeRuleOfFive &operator=(const NegativeRuleOfFive &o) {
    if (this != &o) {
      cudaFree(buf_);
      n_ = o.n_;
      cudaMalloc(&buf_, n_);
    }
    return *this;
  }
  void resize(size_t n) {
    cudaFree(buf_);
    cudaMalloc(&buf_, n);
  }
  void ensure(size_t n) {
    if (!buf_)
      cudaMalloc(&buf_, n);
  }
  ~NegativeRuleOfFive() { cudaFree(buf_); }

private:
  float *buf_ = nullptr;
  size_t n_;
};

// Negative: a class template whose destructor releases every member.
template <typename T> class NegativeTemplate {
public:
  explicit NegativeTemplate(size_t n) {
    cudaMalloc(&d_, n * sizeof(T));
    cudaMallocHost(&h_, n * sizeof(T));
  }
  ~NegativeTemplate() {
    cudaFree(d_);
    cudaFreeHost(h_);
  }

private:
  T *d_;
  T *h_;
};
void useTemplate() { NegativeTemplate<float> t(4); }

// Positive: the same template forgetting one member, instantiated.
template <typename T> class PositiveTemplate {
public:
  explicit PositiveTemplate(size_t n) {
    cudaMalloc(&d_, n * sizeof(T));
    cudaMallocHost(&h_, n * sizeof(T));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'h_' is never released: the destructor of 'PositiveTemplate<float>' releases other members but not 'h_'; release it with 'cudaFreeHost' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveTemplate<float>' is here
  }
  ~PositiveTemplate() { cudaFree(d_); }

private:
  T *d_;
  T *h_;
};
void usePositiveTemplate() { PositiveTemplate<float> t(4); }

// Negative: a registration of a member vector's storage undone by the
// destructor (pmpp_cuda's MappedVector), and a stream-ordered allocation
// through a cast freed with cudaFreeAsync.
class NegativeRegistered {
public:
  explicit NegativeRegistered(cudaStream_t s, size_t n) : s_(s), v_(n) {
    cudaHostRegister(v_.data(), n * sizeof(float), cudaHostRegisterMapped);
    cudaMallocAsync(reinterpret_cast<void **>(&buff_), n * sizeof(float), s_);
  }
  ~NegativeRegistered() {
    cudaHostUnregister(v_.data());
    cudaFreeAsync(buff_, s_);
  }

private:
  cudaStream_t s_;
  std::vector<float> v_;
  float *buff_ = nullptr;
};

// A base class whose destructor is defined in another file (tkDNN's Layer):
// it cannot release the members of a derived class, so the derived class's
// own destructor decides for them; a member of the base created by the
// derived class is the base's business: nothing is said.
class LayerBase {
public:
  virtual ~LayerBase();

protected:
  float *dst_ = nullptr;
};
class PositiveDerived : public LayerBase {
public:
  PositiveDerived() {
    cudaMalloc(&dst_, 16);
    cudaMalloc(&work_, 16);
    cudnnCreateDropoutDescriptor(&dropout_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the cuDNN dropout descriptor created by 'cudnnCreateDropoutDescriptor' into member 'dropout_' is never released: the destructor of 'PositiveDerived' releases other members but not 'dropout_'; release it with 'cudnnDestroyDropoutDescriptor' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveDerived' is here
  }
  ~PositiveDerived() override { cudaFree(work_); }

private:
  float *work_ = nullptr;
  cudnnDropoutDescriptor_t dropout_;
};

// Negative: set-up shared by two constructors; lazy set-up under a flag;
// a reset() that destroys before it sets up again.
class NegativeSetupPatterns {
public:
  NegativeSetupPatterns() {
    cudaStreamCreate(&s_);
    cudaEventCreate(&ev_);
  }
  explicit NegativeSetupPatterns(int) { init(); }
  void init() {
    cudaStreamCreate(&s_);
    cudaEventCreate(&ev_);
  }
  void destroy() {
    cudaStreamDestroy(s_);
    cudaEventDestroy(ev_);
  }
  void reset() {
    destroy();
    init();
  }
  void forward() {
    if (!ready_)
      prepare();
  }
  void prepare() {
    cudaMalloc(&buf_, 16);
    ready_ = true;
  }
  ~NegativeSetupPatterns() {
    destroy();
    if (ready_)
      cudaFree(buf_);
  }

private:
  cudaStream_t s_;
  cudaEvent_t ev_;
  float *buf_ = nullptr;
  bool ready_ = false;
};

// A cuBLASLt matmul descriptor created per call and never destroyed, the
// way a LibTorch op that calls cuBLASLt directly writes it (kind 3), and
// the correct twin.
void positiveLtPerCall(cublasLtHandle_t lt) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the cuBLASLt matmul descriptor created by 'cublasLtMatmulDescCreate' is never released; release it with 'cublasLtMatmulDescDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+2]]:1: note: leaked at the end of 'positiveLtPerCall'
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, nullptr, 0);
}
void negativeLtPerCall(cublasLtHandle_t lt) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, nullptr, 0);
  cublasLtMatmulDescDestroy(op);
}

// A layer that allocates its input buffer only for the first layer, in a
// set-up method, through a cast to void**, and reads it in compute()
// through a local pointer (a parameter assigned from the member, then only
// read by CUDA APIs): the destructor frees the other two and forgets it.
// The copy into a local hands nothing on.
class PositiveAliasedInput {
public:
  void allocate(int n, bool first) {
    if (first) {
      if (cudaSuccess != cudaMallocManaged((void **)&input_, n * sizeof(float)))
        // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: the device memory allocated by 'cudaMallocManaged' into member 'input_' is never released: the destructor of 'PositiveAliasedInput' releases other members but not 'input_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
        // CHECK-MESSAGES: :[[@LINE+18]]:3: note: destructor of 'PositiveAliasedInput' is here
        throw "cannot allocate the input";
    }
    if (cudaSuccess != cudaMallocManaged((void **)&weights_, n * sizeof(float)))
      throw "cannot allocate the weights";
    if (cudaSuccess != cudaMallocManaged((void **)&out_, n * sizeof(float)))
      throw "cannot allocate the output";
  }
  float *compute(const float *x, int n, bool first) {
    if (first) {
      cudaMemcpy(input_, x, n * sizeof(float), cudaMemcpyDefault);
      x = input_;
    }
    const float *w = weights_;
    cudaMemcpy(out_, w, n * sizeof(float), cudaMemcpyDefault);
    cudaMemcpy(out_, x, n * sizeof(float), cudaMemcpyDefault);
    return out_;
  }
  ~PositiveAliasedInput() {
    if (weights_ && cudaFree(weights_) != cudaSuccess)
      std::puts("cannot free");
    if (out_)
      cudaFree(out_);
  }

private:
  float *input_ = nullptr, *weights_ = nullptr, *out_ = nullptr;
};

// Negative: the member is copied into a local that is then released,
// returned or handed to a function: the copy hands it on.
class NegativeAliasReleased {
public:
  NegativeAliasReleased() {
    cudaMalloc(&a_, 16);
    cudaMalloc(&b_, 16);
    cudaMalloc(&c_, 16);
  }
  void drop() {
    float *p = a_;
    cudaFree(p);
  }
  float *take() {
    float *q = nullptr;
    q = b_;
    return q;
  }
  ~NegativeAliasReleased() { cudaFree(c_); }

private:
  float *a_, *b_, *c_;
};

// A timer whose destructor records, waits for and reads its events but never
// destroys them (the shape of a CUDA practice repository's `Perf`): its
// destructor works with its CUDA members, so they are reported, with words
// that say it releases none.
class PositiveEventTimer {
public:
  PositiveEventTimer() {
    cudaEventCreate(&start_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA event created by 'cudaEventCreate' into member 'start_' is never released: the destructor of 'PositiveEventTimer' uses its CUDA members but releases none of them; release it with 'cudaEventDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+6]]:3: note: destructor of 'PositiveEventTimer' is here
    cudaEventCreate(&stop_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA event created by 'cudaEventCreate' into member 'stop_' is never released: the destructor of 'PositiveEventTimer' uses its CUDA members but releases none of them; release it with 'cudaEventDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:3: note: destructor of 'PositiveEventTimer' is here
    cudaEventRecord(start_);
  }
  ~PositiveEventTimer() {
    cudaEventRecord(stop_);
    cudaEventSynchronize(stop_);
    float ms = 0;
    cudaEventElapsedTime(&ms, start_, stop_);
  }

private:
  cudaEvent_t start_, stop_;
};

// A destructor that only logs a name member: nothing says which CUDA
// members the class owns (a std::string handed to a logger is not a CUDA
// member handed on), so nothing is reported. The build before this rule
// reported both events ("releases other members but not").
void logName(const std::string &name);
class NegativeNamedEvents {
public:
  explicit NegativeNamedEvents(const char *name) : name_(name) {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  ~NegativeNamedEvents() { logName(name_); }
  cudaEvent_t start() const { return start_; }

private:
  std::string name_;
  cudaEvent_t start_, stop_;
};
