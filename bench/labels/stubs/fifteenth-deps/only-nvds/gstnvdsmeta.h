// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's gstnvdsmeta.h names used.
#pragma once
#include <gst/gst.h>
#include "nvdsmeta.h"
#define NVDS_META_STRING "nvdsmeta"
typedef struct { GstMeta meta; gpointer meta_data; gpointer user_data; gint meta_type; } NvDsMeta;
#ifdef __cplusplus
extern "C" {
#endif
NvDsBatchMeta *gst_buffer_get_nvds_batch_meta(GstBuffer *buffer);
#ifdef __cplusplus
}
#endif
