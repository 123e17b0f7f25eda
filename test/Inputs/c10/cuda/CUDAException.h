// Mock of c10/cuda/CUDAException.h (LibTorch 2.11): C10_CUDA_CHECK hands the
// status to c10_cuda_check_implementation, which throws c10::CUDAError when
// it is not cudaSuccess (it is not [[noreturn]]).
#pragma once
#include <c10/util/Exception.h>
#include <cuda_runtime_api.h>

namespace c10::cuda {
void c10_cuda_check_implementation(const int32_t err, const char *filename,
                                   const char *function_name,
                                   const uint32_t line_number,
                                   const bool include_device_assertions);
} // namespace c10::cuda

#define C10_CUDA_CHECK(EXPR)                                                   \
  do {                                                                         \
    const cudaError_t __err = EXPR;                                            \
    c10::cuda::c10_cuda_check_implementation(                                  \
        static_cast<int32_t>(__err), __FILE__, __func__,                       \
        static_cast<uint32_t>(__LINE__), true);                                \
  } while (0)

#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
