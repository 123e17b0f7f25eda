// Stub for the fifteenth labelled set (nvdsvideotemplate): NPP's nppdefs.h names used (the CUDA
// toolkit here has no NPP).
#pragma once
#include <cuda_runtime.h>
typedef unsigned char Npp8u;
typedef float Npp32f;
typedef int NppStatus;
#define NPP_NO_ERROR 0
typedef struct { int width; int height; } NppiSize;
typedef struct { cudaStream_t hStream; int nCudaDeviceId; int nMultiProcessorCount; int nMaxThreadsPerMultiProcessor;
                 int nMaxThreadsPerBlock; size_t nSharedMemPerBlock; int nCudaDevAttrComputeCapabilityMajor;
                 int nCudaDevAttrComputeCapabilityMinor; unsigned int nStreamFlags; int nReserved0; } NppStreamContext;
