// Stub of the OptiX SDK types (twelfth set, LorenzoMauro/Vortex only).
#pragma once
#include <cuda.h>
typedef enum OptixResult { OPTIX_SUCCESS = 0 } OptixResult;
typedef unsigned long long OptixTraversableHandle;
typedef struct OptixDeviceContext_t *OptixDeviceContext;
typedef struct OptixModule_t *OptixModule;
typedef struct OptixProgramGroup_t *OptixProgramGroup;
typedef struct OptixPipeline_t *OptixPipeline;
const char *optixGetErrorName(OptixResult);
const char *optixGetErrorString(OptixResult);
