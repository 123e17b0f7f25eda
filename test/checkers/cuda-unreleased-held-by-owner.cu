// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A class without a destructor whose methods create CUDA resources into
// members, held by a class whose destructor releases its own CUDA members
// (issue 8, the twenty-first labelled set's bytedance/lightseq encoders, each
// held by a Python-facing model class): each object of the holder that is
// destroyed loses the part's resources. Quiet when the holder's destructor
// releases no CUDA member, when the part's members are released (through the
// holder or a method of the part), and when the holder does not own the part
// (a raw pointer it never deletes).

#include <cuda_runtime.h>
#include <cublas_v2.h>

#include <memory>
#include <vector>

// The shape of lightseq's GptEncoder and Gpt: the encoder's init_buffer
// allocates its own buffers; the model frees only what it allocated.
class PositiveEncoder {
public:
  explicit PositiveEncoder(int n) : n_(n) {}
  void init_buffer() {
    cudaMalloc(&state_, n_ * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'state_' is never released: 'PositiveEncoder' has no destructor, nothing releases 'state_', and the destructor of 'PositiveModel' releases its own CUDA members but not those of the 'PositiveEncoder' it holds; release it with 'cudaFree' in a destructor of 'PositiveEncoder' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-6]]:7: note: 'PositiveEncoder' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+26]]:36: note: 'PositiveModel' holds an object of 'PositiveEncoder' in 'encoder_' here
    // CHECK-MESSAGES: :[[@LINE+17]]:3: note: the destructor of 'PositiveModel' is here
  }
  void run(float *in) { cudaMemcpy(state_, in, n_, cudaMemcpyDeviceToDevice); }

private:
  int n_;
  float *state_ = nullptr;
};

class PositiveModel {
public:
  explicit PositiveModel(int n) {
    cudaStreamCreate(&stream_);
    cudaMalloc(&input_, n * sizeof(float));
    encoder_ = std::make_shared<PositiveEncoder>(n);
    encoder_->init_buffer();
  }
  ~PositiveModel() {
    cudaFree(input_);
    cudaStreamDestroy(stream_);
  }

private:
  cudaStream_t stream_;
  float *input_ = nullptr;
  std::shared_ptr<PositiveEncoder> encoder_;
};

// A part held by value, created into by its constructor; a part held by
// std::unique_ptr in a vector; a part held by a raw pointer that the
// destructor deletes.
class PositiveWorkspace {
public:
  PositiveWorkspace() {
    cublasCreate(&handle_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the cuBLAS handle created by 'cublasCreate' into member 'handle_' is never released: 'PositiveWorkspace' has no destructor, nothing releases 'handle_', and the destructor of 'PositiveSolver' releases its own CUDA members but not those of the 'PositiveWorkspace' it holds; release it with 'cublasDestroy' in a destructor of 'PositiveWorkspace' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'PositiveWorkspace' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+43]]:21: note: 'PositiveSolver' holds an object of 'PositiveWorkspace' in 'ws_' here
    // CHECK-MESSAGES: :[[@LINE+32]]:3: note: the destructor of 'PositiveSolver' is here
  }
  cublasHandle_t handle_;
};

class PositiveLayer {
public:
  void setup(int n) {
    cudaMalloc(&weights_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'weights_' is never released: 'PositiveLayer' has no destructor, nothing releases 'weights_', and the destructor of 'PositiveSolver' releases its own CUDA members but not those of the 'PositiveLayer' it holds; release it with 'cudaFree' in a destructor of 'PositiveLayer' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'PositiveLayer' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+32]]:47: note: 'PositiveSolver' holds an object of 'PositiveLayer' in 'layers_' here
    // CHECK-MESSAGES: :[[@LINE+20]]:3: note: the destructor of 'PositiveSolver' is here
  }
  void *weights_ = nullptr;
};

class PositivePlan {
public:
  PositivePlan() {
    cudaEventCreate(&done_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA event created by 'cudaEventCreate' into member 'done_' is never released: 'PositivePlan' has no destructor, nothing releases 'done_', and the destructor of 'PositiveSolver' releases its own CUDA members but not those of the 'PositivePlan' it holds; release it with 'cudaEventDestroy' in a destructor of 'PositivePlan' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'PositivePlan' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+21]]:17: note: 'PositiveSolver' holds an object of 'PositivePlan' in 'plan_' here
    // CHECK-MESSAGES: :[[@LINE+8]]:3: note: the destructor of 'PositiveSolver' is here
  }
  cudaEvent_t done_;
};

class PositiveSolver {
public:
  PositiveSolver() : plan_(new PositivePlan) { cudaMalloc(&work_, 64); }
  ~PositiveSolver() {
    cudaFree(work_);
    delete plan_;
  }
  void grow(int n) {
    layers_.push_back(std::make_unique<PositiveLayer>());
    layers_.back()->setup(n);
  }

private:
  PositiveWorkspace ws_;
  std::vector<std::unique_ptr<PositiveLayer>> layers_;
  PositivePlan *plan_;
  void *work_ = nullptr;
};

// The holder's destructor releases no CUDA member: nothing says its objects
// are ever destroyed, nor who owns the part's resources.
class NegativeCache {
public:
  void init() { cudaMalloc(&buf_, 256); }
  void *buf_ = nullptr;
};

class NegativeQuietHolder {
public:
  NegativeQuietHolder() : cache_(std::make_unique<NegativeCache>()) {
    cache_->init();
  }
  ~NegativeQuietHolder() { count_ = 0; }

private:
  std::unique_ptr<NegativeCache> cache_;
  int count_ = 0;
};

// The holder's destructor frees the part's buffer itself, or calls the
// part's release method.
class NegativeBuffers {
public:
  void init() {
    cudaMalloc(&a_, 256);
    cudaMalloc(&b_, 256);
  }
  void release() { cudaFree(b_); }
  void *a_ = nullptr;
  void *b_ = nullptr;
};

class NegativeOwner {
public:
  NegativeOwner() {
    cudaMalloc(&own_, 64);
    parts_.init();
  }
  ~NegativeOwner() {
    cudaFree(own_);
    cudaFree(parts_.a_);
    parts_.release();
  }

private:
  void *own_ = nullptr;
  NegativeBuffers parts_;
};

// A raw pointer that the destructor does not delete: the part may belong to
// someone else (a shared registry), so the holder's destruction says nothing.
class NegativeBorrowed {
public:
  void init() { cudaStreamCreate(&s_); }
  cudaStream_t s_;
};

class NegativeBorrower {
public:
  explicit NegativeBorrower(NegativeBorrowed *b) : b_(b) {
    cudaMalloc(&mine_, 64);
    b_->init();
  }
  ~NegativeBorrower() { cudaFree(mine_); }

private:
  NegativeBorrowed *b_;
  void *mine_ = nullptr;
};
