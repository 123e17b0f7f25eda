// Declarations-only stand-in for CUDA's nvjpeg.h (not installed here), with the signatures of the
// nvJPEG library, the names that LCH1238/bevdet-tensorrt-cpp uses (twenty-second set). No bodies:
// nothing here allocates, frees or creates a CUDA resource.
#pragma once
#include <cuda_runtime_api.h>
#include <stddef.h>

#define NVJPEG_MAX_COMPONENT 4
#define NVJPEG_FLAGS_DEFAULT 0

typedef enum {
  NVJPEG_STATUS_SUCCESS = 0,
  NVJPEG_STATUS_NOT_INITIALIZED = 1,
  NVJPEG_STATUS_INVALID_PARAMETER = 2,
  NVJPEG_STATUS_BAD_JPEG = 3,
  NVJPEG_STATUS_JPEG_NOT_SUPPORTED = 4,
  NVJPEG_STATUS_ALLOCATOR_FAILURE = 5,
  NVJPEG_STATUS_EXECUTION_FAILED = 6,
  NVJPEG_STATUS_ARCH_MISMATCH = 7,
  NVJPEG_STATUS_INTERNAL_ERROR = 8,
  NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED = 9
} nvjpegStatus_t;

typedef enum {
  NVJPEG_CSS_444 = 0, NVJPEG_CSS_422 = 1, NVJPEG_CSS_420 = 2, NVJPEG_CSS_440 = 3,
  NVJPEG_CSS_411 = 4, NVJPEG_CSS_410 = 5, NVJPEG_CSS_GRAY = 6, NVJPEG_CSS_UNKNOWN = -1
} nvjpegChromaSubsampling_t;

typedef enum {
  NVJPEG_OUTPUT_UNCHANGED = 0, NVJPEG_OUTPUT_YUV = 1, NVJPEG_OUTPUT_Y = 2, NVJPEG_OUTPUT_RGB = 3,
  NVJPEG_OUTPUT_BGR = 4, NVJPEG_OUTPUT_RGBI = 5, NVJPEG_OUTPUT_BGRI = 6
} nvjpegOutputFormat_t;

typedef enum {
  NVJPEG_BACKEND_DEFAULT = 0, NVJPEG_BACKEND_HYBRID = 1, NVJPEG_BACKEND_GPU_HYBRID = 2,
  NVJPEG_BACKEND_HARDWARE = 3
} nvjpegBackend_t;

typedef struct {
  unsigned char *channel[NVJPEG_MAX_COMPONENT];
  size_t pitch[NVJPEG_MAX_COMPONENT];
} nvjpegImage_t;

typedef int (*tDevMalloc)(void **, size_t);
typedef int (*tDevFree)(void *);
typedef int (*tPinnedMalloc)(void **, size_t, unsigned int flags);
typedef int (*tPinnedFree)(void *);
typedef struct { tDevMalloc dev_malloc; tDevFree dev_free; } nvjpegDevAllocator_t;
typedef struct { tPinnedMalloc pinned_malloc; tPinnedFree pinned_free; } nvjpegPinnedAllocator_t;

struct nvjpegHandle;
typedef struct nvjpegHandle *nvjpegHandle_t;
struct nvjpegJpegState;
typedef struct nvjpegJpegState *nvjpegJpegState_t;
struct nvjpegBufferPinned;
typedef struct nvjpegBufferPinned *nvjpegBufferPinned_t;
struct nvjpegBufferDevice;
typedef struct nvjpegBufferDevice *nvjpegBufferDevice_t;
struct nvjpegJpegStream;
typedef struct nvjpegJpegStream *nvjpegJpegStream_t;
struct nvjpegDecodeParams;
typedef struct nvjpegDecodeParams *nvjpegDecodeParams_t;
struct nvjpegJpegDecoder;
typedef struct nvjpegJpegDecoder *nvjpegJpegDecoder_t;

#ifdef __cplusplus
extern "C" {
#endif
nvjpegStatus_t nvjpegCreateEx(nvjpegBackend_t backend, nvjpegDevAllocator_t *dev_allocator,
                              nvjpegPinnedAllocator_t *pinned_allocator, unsigned int flags,
                              nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegDestroy(nvjpegHandle_t handle);
nvjpegStatus_t nvjpegJpegStateCreate(nvjpegHandle_t handle, nvjpegJpegState_t *jpeg_handle);
nvjpegStatus_t nvjpegJpegStateDestroy(nvjpegJpegState_t jpeg_handle);
nvjpegStatus_t nvjpegGetImageInfo(nvjpegHandle_t handle, const unsigned char *data, size_t length,
                                  int *nComponents, nvjpegChromaSubsampling_t *subsampling,
                                  int *widths, int *heights);
nvjpegStatus_t nvjpegDecoderCreate(nvjpegHandle_t nvjpeg_handle, nvjpegBackend_t implementation,
                                   nvjpegJpegDecoder_t *decoder_handle);
nvjpegStatus_t nvjpegDecoderDestroy(nvjpegJpegDecoder_t decoder_handle);
nvjpegStatus_t nvjpegDecoderStateCreate(nvjpegHandle_t nvjpeg_handle,
                                        nvjpegJpegDecoder_t decoder_handle,
                                        nvjpegJpegState_t *decoder_state);
nvjpegStatus_t nvjpegBufferPinnedCreate(nvjpegHandle_t handle,
                                        nvjpegPinnedAllocator_t *pinned_allocator,
                                        nvjpegBufferPinned_t *buffer);
nvjpegStatus_t nvjpegBufferPinnedDestroy(nvjpegBufferPinned_t buffer);
nvjpegStatus_t nvjpegBufferDeviceCreate(nvjpegHandle_t handle, nvjpegDevAllocator_t *device_allocator,
                                        nvjpegBufferDevice_t *buffer);
nvjpegStatus_t nvjpegBufferDeviceDestroy(nvjpegBufferDevice_t buffer);
nvjpegStatus_t nvjpegStateAttachPinnedBuffer(nvjpegJpegState_t decoder_state,
                                             nvjpegBufferPinned_t pinned_buffer);
nvjpegStatus_t nvjpegStateAttachDeviceBuffer(nvjpegJpegState_t decoder_state,
                                             nvjpegBufferDevice_t device_buffer);
nvjpegStatus_t nvjpegJpegStreamCreate(nvjpegHandle_t handle, nvjpegJpegStream_t *jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamDestroy(nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamParse(nvjpegHandle_t handle, const unsigned char *data, size_t length,
                                     int save_metadata, int save_stream,
                                     nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegDecodeParamsCreate(nvjpegHandle_t handle, nvjpegDecodeParams_t *decode_params);
nvjpegStatus_t nvjpegDecodeParamsDestroy(nvjpegDecodeParams_t decode_params);
nvjpegStatus_t nvjpegDecodeParamsSetOutputFormat(nvjpegDecodeParams_t decode_params,
                                                 nvjpegOutputFormat_t output_format);
nvjpegStatus_t nvjpegDecodeJpegHost(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                    nvjpegJpegState_t decoder_state, nvjpegDecodeParams_t decode_params,
                                    nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegDecodeJpegTransferToDevice(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                                nvjpegJpegState_t decoder_state,
                                                nvjpegJpegStream_t jpeg_stream, cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeJpegDevice(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                      nvjpegJpegState_t decoder_state, nvjpegImage_t *destination,
                                      cudaStream_t stream);
#ifdef __cplusplus
}
#endif
