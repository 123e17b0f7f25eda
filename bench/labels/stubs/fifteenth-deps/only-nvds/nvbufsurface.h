// Stub for the fifteenth labelled set (alexvonduar/nvdsvideotemplate-example): the names of
// DeepStream 6.2's nvbufsurface.h that the labelled units use (DeepStream is not installed).
#pragma once
#include <stdint.h>
#include <cuda.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef enum { NVBUF_MEM_DEFAULT, NVBUF_MEM_CUDA_PINNED, NVBUF_MEM_CUDA_DEVICE, NVBUF_MEM_CUDA_UNIFIED,
               NVBUF_MEM_SURFACE_ARRAY, NVBUF_MEM_HANDLE, NVBUF_MEM_SYSTEM } NvBufSurfaceMemType;
typedef enum { NVBUF_LAYOUT_PITCH, NVBUF_LAYOUT_BLOCK_LINEAR } NvBufSurfaceLayout;
typedef enum { NVBUF_COLOR_FORMAT_INVALID, NVBUF_COLOR_FORMAT_NV12, NVBUF_COLOR_FORMAT_NV12_ER,
               NVBUF_COLOR_FORMAT_NV12_709, NVBUF_COLOR_FORMAT_NV12_709_ER, NVBUF_COLOR_FORMAT_NV12_2020,
               NVBUF_COLOR_FORMAT_RGBA, NVBUF_COLOR_FORMAT_BGRx, NVBUF_COLOR_FORMAT_RGB } NvBufSurfaceColorFormat;
typedef enum { NVBUF_MAP_READ, NVBUF_MAP_WRITE, NVBUF_MAP_READ_WRITE } NvBufSurfaceMemMapFlags;
typedef struct { void *addr[4]; void *eglImage; } NvBufSurfaceMappedAddr;
typedef struct { uint32_t num_planes; uint32_t width[4]; uint32_t height[4]; uint32_t pitch[4]; uint32_t offset[4]; uint32_t psize[4]; uint32_t bytesPerPix[4]; } NvBufSurfacePlaneParams;
typedef struct {
  uint32_t width, height, pitch;
  NvBufSurfaceColorFormat colorFormat;
  NvBufSurfaceLayout layout;
  uint64_t bufferDesc;
  uint32_t dataSize;
  void *dataPtr;
  NvBufSurfacePlaneParams planeParams;
  NvBufSurfaceMappedAddr mappedAddr;
} NvBufSurfaceParams;
typedef struct {
  uint32_t gpuId, batchSize, numFilled;
  bool isContiguous;
  NvBufSurfaceMemType memType;
  NvBufSurfaceParams *surfaceList;
} NvBufSurface;
typedef struct {
  uint32_t gpuId, width, height, size;
  bool isContiguous;
  NvBufSurfaceColorFormat colorFormat;
  NvBufSurfaceLayout layout;
  NvBufSurfaceMemType memType;
} NvBufSurfaceCreateParams;
int NvBufSurfaceCreate(NvBufSurface **surf, uint32_t batchSize, NvBufSurfaceCreateParams *params);
int NvBufSurfaceDestroy(NvBufSurface *surf);
int NvBufSurfaceMap(NvBufSurface *surf, int index, int plane, NvBufSurfaceMemMapFlags type);
int NvBufSurfaceUnMap(NvBufSurface *surf, int index, int plane);
int NvBufSurfaceSyncForCpu(NvBufSurface *surf, int index, int plane);
int NvBufSurfaceMemSet(NvBufSurface *surf, int index, int plane, uint8_t value);
int NvBufSurfaceCopy(NvBufSurface *srcSurf, NvBufSurface *dstSurf);
int NvBufSurfaceMapEglImage(NvBufSurface *surf, int index);
int NvBufSurfaceUnMapEglImage(NvBufSurface *surf, int index);
#ifdef __cplusplus
}
#endif
