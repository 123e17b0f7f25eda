// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A constructor whose body is a `try` block: an exception thrown inside it
// still leaves the constructor when every handler throws again (a new
// exception, or `throw;`) and releases nothing, so what was created into a
// member before it is leaked (the destructor does not run). A handler that
// releases, uses the object, or returns normally keeps it quiet. Members are
// also created through a helper of the file that creates into what its
// argument points to, and into the cell a smart pointer member owns (the
// shape of hazevt04/test_cufft's FFTGPU constructor).

#include <cuda_runtime.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

inline void make_stream(cudaStream_t *s) {
  try {
    cudaError_t e = cudaStreamCreate(s);
    if (e != cudaSuccess)
      throw std::runtime_error(cudaGetErrorString(e));
  } catch (std::exception &) {
    throw;
  }
}

// The helper only reads what its argument points to: no creation.
inline void sync_stream(cudaStream_t *s) { cudaStreamSynchronize(*s); }

class PositiveWrapsAndThrows {
public:
  explicit PositiveWrapsAndThrows(int n) {
    try {
      stream_ = std::make_unique<cudaStream_t>();
      make_stream(stream_.get());
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the CUDA stream created by 'make_stream' into member 'stream_' is leaked when the constructor of 'PositiveWrapsAndThrows' throws, since the destructor does not run then; release it with 'cudaStreamDestroy' before throwing [gpuleak-cuda-unreleased]
      // CHECK-MESSAGES: :[[@LINE+2]]:9: note: leaked when this throws
      if (std::getenv("USER") == nullptr)
        throw std::runtime_error("USER is not set");
      cudaMalloc(&buf_, n);
    } catch (std::exception &ex) {
      throw std::runtime_error(std::string("PositiveWrapsAndThrows: ") +
                               ex.what());
    }
  }
  ~PositiveWrapsAndThrows() {
    cudaFree(buf_);
    if (stream_)
      cudaStreamDestroy(*stream_);
  }

private:
  std::unique_ptr<cudaStream_t> stream_;
  void *buf_ = nullptr;
};

class PositiveRethrows {
public:
  explicit PositiveRethrows(int n) {
    try {
      cudaMalloc(&a_, n);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveRethrows' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
      // CHECK-MESSAGES: :[[@LINE+2]]:9: note: leaked when this throws
      if (n > 1024)
        throw std::invalid_argument("n too large");
    } catch (...) {
      throw;
    }
  }
  ~PositiveRethrows() { cudaFree(a_); }

private:
  void *a_ = nullptr;
};

// Created through the helper by address, before the try block.
class PositiveHelperByAddress {
public:
  explicit PositiveHelperByAddress(int n) {
    make_stream(&stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'make_stream' into member 'stream_' is leaked when the constructor of 'PositiveHelperByAddress' throws, since the destructor does not run then; release it with 'cudaStreamDestroy' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:9: note: leaked when this throws
    try {
      if (n < 0)
        throw std::invalid_argument("negative size");
    } catch (const std::invalid_argument &) {
      throw;
    } catch (...) {
      throw std::runtime_error("unexpected");
    }
  }
  ~PositiveHelperByAddress() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_ = nullptr;
};

// Negative: the handler releases before it throws again.
class NegativeReleasesThenRethrows {
public:
  explicit NegativeReleasesThenRethrows(int n) {
    try {
      cudaMalloc(&a_, n);
      if (n > 1024)
        throw std::invalid_argument("n too large");
    } catch (...) {
      cudaFree(a_);
      throw;
    }
  }
  ~NegativeReleasesThenRethrows() { cudaFree(a_); }

private:
  void *a_ = nullptr;
};

// Negative: the handler calls a method of the object, which may release.
class NegativeHandlerCleansUp {
public:
  explicit NegativeHandlerCleansUp(int n) {
    try {
      make_stream(&stream_);
      if (n < 0)
        throw std::invalid_argument("negative size");
    } catch (...) {
      cleanup();
      throw;
    }
  }
  ~NegativeHandlerCleansUp() { cleanup(); }
  void cleanup() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_ = nullptr;
};

// Negative: the handler swallows the exception; the object is made and its
// destructor releases the buffer.
class NegativeSwallows {
public:
  explicit NegativeSwallows(int n) {
    try {
      cudaMalloc(&a_, n);
      if (n > 1024)
        throw std::invalid_argument("n too large");
    } catch (const std::exception &) {
      ok_ = false;
    }
  }
  ~NegativeSwallows() { cudaFree(a_); }

private:
  void *a_ = nullptr;
  bool ok_ = true;
};

// Negative: one handler throws again, the other returns normally.
class NegativeOneHandlerReturns {
public:
  explicit NegativeOneHandlerReturns(int n) {
    try {
      cudaMalloc(&a_, n);
      if (n > 1024)
        throw std::invalid_argument("n too large");
    } catch (const std::invalid_argument &) {
      throw;
    } catch (...) {
      return;
    }
  }
  ~NegativeOneHandlerReturns() { cudaFree(a_); }

private:
  void *a_ = nullptr;
};

// Negative: the helper only reads the stream its argument points to.
class NegativeHelperReads {
public:
  explicit NegativeHelperReads(cudaStream_t s) : stream_(s) {
    sync_stream(&stream_);
    if (!stream_)
      throw std::invalid_argument("no stream");
  }

private:
  cudaStream_t stream_;
};

// Negative: the throw in the creating statement is its own failure check.
class NegativeOnlyCheckThrows {
public:
  NegativeOnlyCheckThrows() {
    try {
      stream_ = std::make_unique<cudaStream_t>();
      make_stream(stream_.get());
    } catch (...) {
      throw;
    }
  }
  ~NegativeOnlyCheckThrows() { cudaStreamDestroy(*stream_); }

private:
  std::unique_ptr<cudaStream_t> stream_;
};
