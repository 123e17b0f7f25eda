// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2.0f;
}

// ---- positives ----

float positiveEventsNeverDestroyed(float *d, int n) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA event created by 'cudaEventCreate' is never released; release it with 'cudaEventDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+10]]:3: note: leaked when this returns
  cudaEventCreateWithFlags(&stop, cudaEventDefault);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA event created by 'cudaEventCreateWithFlags' is never released;{{.*}}
  // CHECK-MESSAGES: :[[@LINE+7]]:3: note: leaked when this returns
  cudaEventRecord(start);
  scale<<<1, 32>>>(d, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  return ms;
}

void positiveStreamArray(float *d, int n) {
  cudaStream_t streams[4];
  for (int i = 0; i < 4; ++i)
    cudaStreamCreate(&streams[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  for (int i = 0; i < 4; ++i)
    scale<<<1, 32, 0, streams[i]>>>(d, n);
  cudaDeviceSynchronize();
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveStreamArray'

#define CUDA_TRY(expr)                                                         \
  do {                                                                         \
    cudaError_t status_ = (expr);                                              \
    if (status_ != cudaSuccess)                                                \
      return status_;                                                          \
  } while (0)

cudaError_t positiveEarlyReturn(const float *h, size_t n) {
  float *a = nullptr, *b = nullptr;
  CUDA_TRY(cudaMalloc(&a, n * sizeof(float)));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  CUDA_TRY(cudaMalloc(&b, n * sizeof(float)));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this returns
  // 'a' leaks at the next CUDA_TRY too: each exit is named.
  // CHECK-MESSAGES: :[[@LINE+2]]:3: note: leaked when this returns
  // CHECK-MESSAGES: :[[@LINE-4]]:12: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  CUDA_TRY(cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this returns
  cudaFree(b);
  cudaFree(a);
  return cudaSuccess;
}

int positivePlainEarlyReturn(size_t n, bool fail) {
  void *p = nullptr;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return 1;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  if (fail)
    return 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this returns
  cudaFree(p);
  return 0;
}

int positiveStatusChain(size_t n) {
  float *b = nullptr;
  if (cudaSuccess != cudaMalloc(&b, n) || n == 0)
    return 1;
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: leaked when this returns
  cudaFree(b);
  return 0;
}

void positiveThrow(size_t n, bool bad) {
  float *p;
  cudaMallocManaged(&p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMallocManaged' is not released on every path;{{.*}}
  if (bad)
    throw std::runtime_error("bad input");
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
  cudaFree(p);
}

void positiveOverwrittenInLoop(int frames, size_t n) {
  float *scratch = nullptr;
  for (int f = 0; f < frames; ++f) {
    cudaMalloc(&scratch, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is lost when 'scratch' is overwritten; release it with 'cudaFree' first [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: the next loop iteration creates another one into 'scratch' here
    scale<<<1, 32>>>(scratch, 32);
  }
  cudaFree(scratch);
}

void positiveReassigned(size_t n) {
  float *p = nullptr;
  cudaMalloc((void **)&p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is lost when 'p' is overwritten;{{.*}}
  p = nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'p' is overwritten here
}

void positiveWrongApi(size_t n) {
  float *pinned = nullptr;
  cudaMallocHost(&pinned, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cudaMallocHost' is released with 'cudaFree'; release it with 'cudaFreeHost' [gpuleak-cuda-unreleased]
  cudaFree(pinned);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: released with 'cudaFree' here

  float *dev = nullptr;
  cudaMalloc(&dev, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is released with 'free'; release it with 'cudaFree' [gpuleak-cuda-unreleased]
  std::free(dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: released with 'free' here

  int *host2 = nullptr;
  cudaHostAlloc(&host2, n, cudaHostAllocDefault);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cudaHostAlloc' is released with 'delete[]'; release it with 'cudaFreeHost' [gpuleak-cuda-unreleased]
  delete[] host2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: released with 'delete[]' here
}

void positiveLibraryHandles(int n) {
  cublasHandle_t blas;
  if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS)
    return;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the cuBLAS handle created by 'cublasCreate' is never released; release it with 'cublasDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+13]]:1: note: leaked at the end of 'positiveLibraryHandles'
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the cuFFT plan created by 'cufftPlan1d' is never released; release it with 'cufftDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+9]]:1: note: leaked at the end of 'positiveLibraryHandles'
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaGraphCreate(&graph, 0);
  cudaGraphInstantiate(&exec, graph, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the executable CUDA graph created by 'cudaGraphInstantiate' is never released; release it with 'cudaGraphExecDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+3]]:1: note: leaked at the end of 'positiveLibraryHandles'
  cudaGraphLaunch(exec, 0);
  cudaGraphDestroy(graph);
}

// Templates: analysed per instantiation, reported once.
template <typename T> void positiveTemplate(size_t n) {
  T *p = nullptr;
  cudaMalloc(&p, n * sizeof(T));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released;{{.*}}
  scale<<<1, 32>>>(reinterpret_cast<float *>(p), 32);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveTemplate<float>'
template void positiveTemplate<float>(size_t);
template void positiveTemplate<double>(size_t);

// Never instantiated: the non-dependent calls are still analysed.
template <typename T> void positiveUninstantiated(T *d, int n) {
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is never released;{{.*}}
  cudaMemsetAsync(d, 0, n * sizeof(T));
  cudaStreamSynchronize(s);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveUninstantiated'

// Never instantiated, the handle's type dependent: the calls name the CUDA
// APIs all the same (a header-only library's helper).
template <typename T> int positiveUninstantiatedDependent(size_t n) {
  T *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(T)) != cudaSuccess)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
    return -1;
  if (n > 4096)
    return -2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this returns
  cudaFree(p);
  return 0;
}

// Negative: released on every path; handed to a call that only an
// instantiation resolves (it may keep or release it).
template <typename T> int negativeUninstantiatedDependent(size_t n) {
  T *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(T)) != cudaSuccess)
    return -1;
  if (n > 4096) {
    cudaFree(p);
    return -2;
  }
  cudaFree(p);
  return 0;
}
template <typename T, typename Owner>
void negativeUninstantiatedHandedOn(Owner &owner, size_t n) {
  T *p = nullptr;
  cudaMalloc(&p, n * sizeof(T));
  owner.adopt(p);
  T *q = nullptr;
  cudaMallocHost(&q, n * sizeof(T));
  release(q);
}

void positiveRangeFor(const std::vector<size_t> &sizes, cudaMemPool_t pool,
                      cudaStream_t s) {
  for (size_t bytes : sizes) {
    void *pitched = nullptr, *pooled = nullptr;
    size_t pitch = 0;
    cudaMallocPitch(&pitched, &pitch, bytes, 4);
    // Declared in the loop body: each iteration has its own variable.
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: the device memory allocated by 'cudaMallocPitch' is lost when 'pitched' goes out of scope at the end of the loop iteration; release it with 'cudaFree' first [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+5]]:3: note: 'pitched' goes out of scope here, and the next iteration creates another one
    cudaMallocFromPoolAsync(&pooled, bytes, pool, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMallocFromPoolAsync' is lost when 'pooled' goes out of scope at the end of the loop iteration;{{.*}}
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: 'pooled' goes out of scope here, and the next iteration creates another one
    cudaMemset2DAsync(pitched, pitch, 0, bytes, 4, s);
  }
}

void positiveLambda(std::vector<int> &sizes) {
  auto upload = [](int n) {
    int *d = nullptr;
    cudaMalloc(&d, n * sizeof(int));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is never released;{{.*}}
    cudaMemset(d, 0, n * sizeof(int));
  };
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked at the end of 'operator()'
  for (int n : sizes)
    upload(n);
}

// A helper of this TU that only reads the pointer does not own it.
static void fill(float *d, int n) { scale<<<1, 32>>>(d, n); }
void positiveHelperOnlyReads(int n) {
  float *d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released;{{.*}}
  fill(d, n);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveHelperOnlyReads'

void positiveNolint(int n) {
  float *d = nullptr;
  cudaMalloc(&d, n); // NOLINT(gpuleak-cuda-unreleased)
}

// ---- negatives ----

int negativeFailedAllocReturns(size_t n) {
  float *p = nullptr;
  if (cudaMalloc(&p, n) != cudaSuccess)
    return 1;
  cudaFree(p);
  return 0;
}

int negativeStatusVariable(size_t n) {
  float *p = nullptr;
  cudaError_t err = cudaMalloc(&p, n);
  if (err != cudaSuccess) {
    return -1;
  }
  err = cudaMemset(p, 0, n);
  cudaFree(p);
  return err == cudaSuccess ? 0 : -1;
}

int negativeImplicitStatus(size_t n) {
  cudaStream_t s;
  if (cudaStreamCreate(&s))
    return 1;
  cudaStreamDestroy(s);
  return 0;
}

static bool succeeded(cudaError_t e) { return e == cudaSuccess; }
bool negativeWrappedStatus(size_t n) {
  float *p = nullptr;
  if (!succeeded(cudaMalloc(&p, n)))
    return false;
  cudaFree(p);
  return true;
}

int negativeAssignedInCondition(size_t n) {
  cudaError_t err;
  float *p = nullptr;
  if ((err = cudaMalloc(&p, n)) != cudaSuccess)
    return 1;
  cudaFree(p);
  return 0;
}

int negativeStatusChain(size_t n) {
  float *a = nullptr, *b = nullptr;
  if (cudaMalloc(&a, n) != cudaSuccess || cudaMalloc(&b, n) != cudaSuccess) {
    cudaFree(a);
    return 1;
  }
  cudaFree(b);
  cudaFree(a);
  return 0;
}

cudaError_t negativeMacroWithCleanup(size_t n) {
  float *a = nullptr;
  CUDA_TRY(cudaMalloc(&a, n));
  cudaError_t e = cudaMemset(a, 0, n);
  cudaFree(a);
  return e;
}

// The same condition decides the allocation and the release.
void negativeSameCondition(int dev, size_t n) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, dev);
  int *arr;
  if (prop.pageableMemoryAccess)
    arr = static_cast<int *>(std::malloc(n));
  else
    cudaMallocManaged(&arr, n);
  arr[0] = 1;
  if (prop.pageableMemoryAccess)
    std::free(arr);
  else
    cudaFree(arr);
}

void negativeSameFlag(bool useStream, float *d, int n) {
  cudaStream_t s = 0;
  if (useStream)
    cudaStreamCreate(&s);
  scale<<<1, 32, 0, s>>>(d, n);
  if (n > 0)
    cudaDeviceSynchronize();
  if (useStream)
    cudaStreamDestroy(s);
}

enum Placement { Pageable, PageableAsync, Pinned, Managed };

// Two switches on the same value: each case releases what its case made.
void negativeSameSwitch(Placement where, size_t n) {
  float *host = nullptr, *dev = nullptr;
  switch (where) {
  case Pageable:
  case PageableAsync:
    host = static_cast<float *>(std::malloc(n));
    if (!host)
      std::exit(1);
    cudaMalloc(&dev, n);
    break;
  case Pinned:
    cudaMallocHost(&host, n);
    cudaMalloc(&dev, n);
    break;
  default:
    cudaMallocManaged(&dev, n);
    host = dev;
  }
  scale<<<1, 32>>>(dev, 32);
  switch (where) {
  case Pageable:
  case PageableAsync:
    std::free(host);
    cudaFree(dev);
    break;
  case Pinned:
    cudaFreeHost(host);
    cudaFree(dev);
    break;
  default:
    cudaFree(dev);
  }
}

void positiveSwitchCaseForgets(Placement where, size_t n) {
  float *dev = nullptr;
  switch (where) {
  case Pinned:
    cudaMalloc(&dev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is never released;{{.*}}
    // CHECK-MESSAGES: :[[@LINE+15]]:1: note: leaked at the end of 'positiveSwitchCaseForgets'
    break;
  default:
    cudaMallocManaged(&dev, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMallocManaged' is not released on every path;{{.*}}
    // CHECK-MESSAGES: :[[@LINE+10]]:1: note: leaked at the end of 'positiveSwitchCaseForgets'
  }
  scale<<<1, 32>>>(dev, 32);
  switch (where) {
  case Managed:
    cudaFree(dev);
    break;
  default:
    break;
  }
}

void positiveConditionChanged(bool staged, size_t n) {
  float *p = nullptr;
  if (staged)
    cudaMalloc(&p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  staged = n > 1024;
  if (staged)
    cudaFree(p);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveConditionChanged'

void negativeNullGuardedFree(size_t n, bool use) {
  float *p = nullptr;
  if (use)
    cudaMalloc(&p, n);
  if (p)
    cudaFree(p);
}

float *negativeReturned(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  return p;
}

void negativeOutParam(float **out, size_t n) {
  cudaMalloc(out, n);
  float *tmp = nullptr;
  cudaMalloc(&tmp, n);
  *out = tmp;
}

struct Buffers {
  float *data = nullptr;
  cudaStream_t stream = nullptr;
  Buffers(size_t n) {
    cudaMalloc(&data, n);
    cudaStreamCreate(&stream);
  }
  ~Buffers() {
    cudaFree(data);
    cudaStreamDestroy(stream);
  }
};

struct Holder {
  float *ptr = nullptr;
  void init(size_t n) {
    float *p = nullptr;
    cudaMalloc(&p, n);
    ptr = p;
  }
  ~Holder() { cudaFree(ptr); }
};

std::vector<float *> g_pool;
void negativeStoredInContainer(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  g_pool.push_back(p);
}

struct CudaDeleter {
  void operator()(float *p) const { cudaFree(p); }
};
std::unique_ptr<float, CudaDeleter> negativeSmartPointer(size_t n) {
  float *raw = nullptr;
  if (cudaMalloc(&raw, n) != cudaSuccess)
    throw std::bad_alloc();
  std::unique_ptr<float, CudaDeleter> owned(raw);
  return owned;
}

static void releaseBuffer(float *p) { cudaFree(p); }
void negativeFreedByHelper(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  scale<<<1, 32>>>(p, 32);
  releaseBuffer(p);
}

void keepForLater(float *p); // defined elsewhere: may own it
void negativeUnknownCallee(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  keepForLater(p);
}

void negativeLoopFreesEachIteration(int frames, size_t n) {
  for (int f = 0; f < frames; ++f) {
    float *p = nullptr;
    if (cudaMallocAsync(&p, n, 0) != cudaSuccess)
      continue;
    scale<<<1, 32>>>(p, 32);
    cudaFreeAsync(p, 0);
  }
}

void negativeStreamArrayDestroyed(float *d, int n) {
  cudaStream_t streams[4];
  for (int i = 0; i < 4; ++i)
    cudaStreamCreate(&streams[i]);
  for (int i = 0; i < 4; ++i)
    scale<<<1, 32, 0, streams[i]>>>(d, n);
  for (int i = 0; i < 4; ++i)
    cudaStreamDestroy(streams[i]);
}

void negativeExitOnError(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  if (cudaGetLastError() != cudaSuccess) {
    std::exit(1);
  }
  cudaFree(p);
}

void negativeCapturedByLambda(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  auto release = [p] { cudaFree(p); };
  release();
}

void negativePitched(size_t w, size_t h) {
  cudaPitchedPtr pp;
  cudaMalloc3D(&pp, make_cudaExtent(w, h, 1));
  size_t pitch = pp.pitch;
  (void)pitch;
  cudaFree(pp.ptr);
}

__device__ void negativeDeviceSide(float **out) {
  float *p = nullptr;
  cudaMalloc(&p, 16);
  *out = nullptr;
}

int main() {
  // The process ends here: leaks at main's exit are not reported.
  float *p = nullptr;
  if (cudaMalloc(&p, 1024) != cudaSuccess)
    return 1;
  positiveStreamArray(p, 256);
  return 0;
}
