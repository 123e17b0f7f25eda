// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A resource created into a field of a local struct (`cudaStreamCreate(
// &job.stream)`) is followed along the paths of the function as a handle of
// its own: a path that leaves before the struct is handed on (pushed into a
// container, returned, passed to a function that may keep it) or the field
// released loses it. The struct's other fields are not its uses. Before,
// struct fields were judged only by the member rules (the fifteenth
// labelled set's alexvonduar/nvdsvideotemplate-example
// `customlib_trt.cpp:185`, a stream lost by a `return` before the job is
// pushed into a member container). A struct with a written destructor (an
// RAII wrapper) owns its fields.

#include <cuda_runtime.h>
#include <memory>
#include <vector>

struct Job {
  int batch = 0;
  cudaStream_t stream = nullptr;
  float *buffer = nullptr;
  std::shared_ptr<int> context;
};

// Its methods may hand the object on, and the field with it.
struct QueuedJob {
  cudaStream_t stream = nullptr;
  void submit();
};

struct OwnedJob {
  cudaStream_t stream = nullptr;
  ~OwnedJob() { cudaStreamDestroy(stream); }
};

std::shared_ptr<int> makeContext();

class Infer {
public:
  void positiveReturnBeforeHandOff(int n);
  void negativeHandedOn(int n);
  void negativeReleasedOnFailure(int n);
  void negativeRaii();
  void negativeCreationFailed(int n);
  std::vector<Job> jobs_;
};

// ---- positives ----

void Infer::positiveReturnBeforeHandOff(int n) {
  for (int i = 0; i < n; i++) {
    Job job;
    job.batch = n;
    cudaStreamCreate(&job.stream);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' is not released on every path; release it with 'cudaStreamDestroy' on every path out of the function [gpuleak-cuda-unreleased]
    job.context = makeContext();
    if (job.context == nullptr)
      return;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: leaked when this returns
    jobs_.push_back(job);
  }
}

float positiveFieldNeverReleased(const float *in, int n) {
  Job job;
  cudaMalloc(&job.buffer, n * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  cudaMemcpy(job.buffer, in, n * sizeof(float), cudaMemcpyHostToDevice);
  return 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this returns
}

// ---- negatives ----

void Infer::negativeHandedOn(int n) {
  Job job;
  cudaStreamCreate(&job.stream);
  cudaMalloc(&job.buffer, n);
  job.context = makeContext();
  jobs_.push_back(job);
}

void Infer::negativeReleasedOnFailure(int n) {
  Job job;
  cudaStreamCreate(&job.stream);
  job.context = makeContext();
  if (!job.context) {
    cudaStreamDestroy(job.stream);
    return;
  }
  jobs_.emplace_back(std::move(job));
}

void negativeMethodOfStruct() {
  QueuedJob job;
  cudaStreamCreate(&job.stream);
  job.submit();
}

void Infer::negativeRaii() {
  OwnedJob job;
  cudaStreamCreate(&job.stream);
}

void Infer::negativeCreationFailed(int n) {
  Job job;
  if (cudaStreamCreate(&job.stream) != cudaSuccess)
    return;
  jobs_.push_back(job);
}

Job negativeReturned(int n) {
  Job job;
  cudaMalloc(&job.buffer, n);
  return job;
}

void negativeOutParam(Job *out, int n) {
  Job job;
  cudaStreamCreate(&job.stream);
  *out = job;
}
