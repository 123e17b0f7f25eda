// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's nvbufsurftransform.h names used.
#pragma once
#include "nvbufsurface.h"
#include <cuda_runtime.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef enum { NvBufSurfTransformCompute_Default, NvBufSurfTransformCompute_GPU, NvBufSurfTransformCompute_VIC } NvBufSurfTransform_Compute;
typedef enum { NvBufSurfTransform_None = 0 } NvBufSurfTransform_Flip;
typedef enum { NvBufSurfTransformInter_Nearest = 0, NvBufSurfTransformInter_Bilinear, NvBufSurfTransformInter_Algo1, NvBufSurfTransformInter_Algo2, NvBufSurfTransformInter_Algo3, NvBufSurfTransformInter_Algo4, NvBufSurfTransformInter_Default } NvBufSurfTransform_Inter;
typedef enum { NvBufSurfTransformError_Success = 0, NvBufSurfTransformError_Execution_Error = -2 } NvBufSurfTransform_Error;
typedef struct { uint32_t top, left, width, height; } NvBufSurfTransformRect;
typedef struct { NvBufSurfTransform_Compute compute_mode; int32_t gpu_id; cudaStream_t cuda_stream; } NvBufSurfTransformConfigParams;
typedef struct {
  uint32_t transform_flag; NvBufSurfTransform_Flip transform_flip; NvBufSurfTransform_Inter transform_filter;
  NvBufSurfTransformRect *src_rect; NvBufSurfTransformRect *dst_rect;
} NvBufSurfTransformParams;
#define NVBUFSURF_TRANSFORM_FILTER 4
NvBufSurfTransform_Error NvBufSurfTransformSetSessionParams(NvBufSurfTransformConfigParams *config_params);
NvBufSurfTransform_Error NvBufSurfTransform(NvBufSurface *src, NvBufSurface *dst, NvBufSurfTransformParams *transform_params);
#ifdef __cplusplus
}
#endif
