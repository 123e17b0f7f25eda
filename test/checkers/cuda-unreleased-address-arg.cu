// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// The address of a handle handed to a CUDA library API that reads or writes
// the handle through it (cuFFT's caller info) hands nothing on: the buffer
// is still the function's to release. An API that copies the pointer's bytes
// into memory the program reads back (cudaMemcpy, cudaMemcpyToSymbol: a
// table of device pointers), the C library's memcpy and a host function's
// user data may keep it.

#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>

#include <cstring>

__device__ float *d_table[4];

void readsOnly(void *);

// The helper passes the address of its parameter as caller info: it only
// reads the buffer, so the caller keeps it.
static void setScaleCallback(cufftHandle plan, cufftComplex *scale) {
  cufftCallbackLoadC cb = nullptr;
  cufftXtSetCallback(plan, (void **)&cb, CUFFT_CB_LD_COMPLEX, (void **)&scale);
}

void positiveCallerInfoThroughHelper(cufftHandle plan, int n) {
  cufftComplex *scale;
  cudaMalloc((void **)&scale, n * sizeof(cufftComplex));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  setScaleCallback(plan, scale);
  cufftExecC2C(plan, scale, scale, CUFFT_INVERSE);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveCallerInfoThroughHelper'

void positiveCallerInfoDirect(cufftHandle plan, int n) {
  cufftComplex *scale;
  cudaMalloc((void **)&scale, n * sizeof(cufftComplex));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  cufftXtSetCallback(plan, nullptr, CUFFT_CB_LD_COMPLEX, (void **)&scale);
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveCallerInfoDirect'

// Negative: the pointer's bytes are copied into a device table that outlives
// the call.
void negativeToSymbol(int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  cudaMemcpyToSymbol(d_table, &buf, sizeof(buf));
}

// Negative: copied into device memory the caller owns.
void negativeMemcpy(float **d_ptrs, int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  cudaMemcpy(d_ptrs, &buf, sizeof(buf), cudaMemcpyHostToDevice);
}

// Negative: the C library copies the pointer into the caller's slot.
void negativeCMemcpy(float **slot, int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  std::memcpy(slot, &buf, sizeof(buf));
}

// Negative: the host function receives the address.
static void CUDART_CB freeLater(void *data) { readsOnly(*(float **)data); }
void negativeHostFunctionData(cudaStream_t s, int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  cudaLaunchHostFunc(s, freeLater, &buf);
}

// Negative: released after the library read it through its address.
void negativeReleased(cufftHandle plan, int n) {
  cufftComplex *scale;
  cudaMalloc((void **)&scale, n * sizeof(cufftComplex));
  setScaleCallback(plan, scale);
  cufftExecC2C(plan, scale, scale, CUFFT_INVERSE);
  cudaFree(scale);
}
