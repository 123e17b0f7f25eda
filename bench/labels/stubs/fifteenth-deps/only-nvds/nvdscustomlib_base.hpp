// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's nvdscustomlib_base.hpp and
// nvdscustomlib_interface.hpp (the gst-nvdsvideotemplate plugin's library interface), reduced to the
// names the library uses.
#pragma once
#include <gst/gst.h>
#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>
#include <cuda_runtime.h>
#include <string>
#include "nvbufsurface.h"
// DeepStream's gstnvdsbufferpool / custom-library helpers
struct BufferPoolConfig { guint cuda_mem_type; guint gpu_id; guint max_buffers; gint batch_size; };
GstBufferPool *CreateBufferPool(BufferPoolConfig *pool_config, GstCaps *outcaps);
NvBufSurface *getNvBufSurface(GstBuffer *inbuf);
enum BufferResult { Buffer_Ok, Buffer_Drop, Buffer_Error, Buffer_Async };
struct Property {
  Property(std::string arg1, std::string arg2) : key(arg1), value(arg2) {}
  std::string key;
  std::string value;
};
struct DSCustom_CreateParams {
  GstBaseTransform *m_element;
  GstCaps *m_inCaps;
  GstCaps *m_outCaps;
  guint m_gpuId;
  cudaStream_t m_cudaStream;
  bool m_dummyMetaInsert;
  bool m_fillDummyBatchMeta;
};
class IDSCustomLibrary {
public:
  virtual bool SetInitParams(DSCustom_CreateParams *params) = 0;
  virtual bool SetProperty(Property &prop) = 0;
  virtual bool HandleEvent(GstEvent *event) = 0;
  virtual char *QueryProperties() = 0;
  virtual BufferResult ProcessBuffer(GstBuffer *inbuf) = 0;
  virtual GstCaps *GetCompatibleCaps(GstPadDirection direction, GstCaps *in_caps, GstCaps *othercaps) = 0;
  virtual ~IDSCustomLibrary() {}
};
class DSCustomLibraryBase : public IDSCustomLibrary {
public:
  DSCustomLibraryBase() = default;
  virtual ~DSCustomLibraryBase() {}
  bool SetInitParams(DSCustom_CreateParams *params) override {
    m_element = params->m_element; m_inCaps = params->m_inCaps; m_outCaps = params->m_outCaps;
    m_gpuId = params->m_gpuId; m_cudaStream = params->m_cudaStream;
    m_dummyMetaInsert = params->m_dummyMetaInsert; m_fillDummyBatchMeta = params->m_fillDummyBatchMeta;
    return true;
  }
  GstCaps *GetCompatibleCaps(GstPadDirection direction, GstCaps *in_caps, GstCaps *othercaps) override { return nullptr; }
  GstBaseTransform *m_element = nullptr;
  GstCaps *m_inCaps = nullptr;
  GstCaps *m_outCaps = nullptr;
  guint m_gpuId = 0;
  cudaStream_t m_cudaStream = nullptr;
  bool m_dummyMetaInsert = false;
  bool m_fillDummyBatchMeta = false;
  GstVideoInfo m_inVideoInfo;
  GstVideoInfo m_outVideoInfo;
  GstVideoFormat m_inVideoFmt = GST_VIDEO_FORMAT_UNKNOWN;
  GstVideoFormat m_outVideoFmt = GST_VIDEO_FORMAT_UNKNOWN;
};
