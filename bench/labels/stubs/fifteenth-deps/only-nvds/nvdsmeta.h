// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's nvdsmeta.h names used.
#pragma once
#include <gst/gst.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef GList NvDsMetaList; typedef GList NvDsFrameMetaList; typedef GList NvDsObjectMetaList; typedef GList NvDsUserMetaList;
typedef enum { NVDS_INVALID_META = -1, NVDS_BATCH_META = 1, NVDS_FRAME_META, NVDS_OBJ_META,
               NVDS_BATCH_GST_META = 0x100, NVDS_START_USER_META = 0x1000, NVDS_FORCE32_META = 0x7FFFFFFF } NvDsMetaType;
typedef gpointer (*NvDsMetaCopyFunc)(gpointer data, gpointer user_data);
typedef void (*NvDsMetaReleaseFunc)(gpointer data, gpointer user_data);
typedef struct { NvDsMetaType meta_type; void *uContext; NvDsMetaCopyFunc copy_func; NvDsMetaReleaseFunc release_func; } NvDsBaseMeta;
typedef struct { double red, green, blue, alpha; } NvOSD_ColorParams;
typedef struct { float left, top, width, height; unsigned int border_width; NvOSD_ColorParams border_color; } NvOSD_RectParams;
typedef struct { char *font_name; unsigned int font_size; } NvOSD_FontParams;
typedef struct { char *display_text; unsigned int x_offset; unsigned int y_offset; NvOSD_FontParams font_params; } NvOSD_TextParams;
typedef struct NvDsBatchMeta NvDsBatchMeta;
typedef struct { NvDsBaseMeta base_meta; gint class_id; guint64 object_id; float confidence;
                 NvOSD_RectParams rect_params; NvOSD_TextParams text_params; char obj_label[128]; gint unique_component_id; } NvDsObjectMeta;
typedef struct { NvDsBaseMeta base_meta; guint pad_index; guint batch_id; gint frame_num; guint64 buf_pts;
                 guint64 ntp_timestamp; guint source_id; guint num_obj_meta; NvDsObjectMetaList *obj_meta_list;
                 NvDsUserMetaList *frame_user_meta_list; guint source_frame_width, source_frame_height; } NvDsFrameMeta;
typedef struct { NvDsBaseMeta base_meta; void *user_meta_data; } NvDsUserMeta;
struct NvDsBatchMeta { NvDsBaseMeta base_meta; guint max_frames_in_batch; guint num_frames_in_batch;
                       NvDsFrameMetaList *frame_meta_list; NvDsUserMetaList *batch_user_meta_list; };
NvDsFrameMeta *nvds_get_nth_frame_meta(NvDsFrameMetaList *frame_meta_list, guint index);
NvDsObjectMeta *nvds_acquire_obj_meta_from_pool(NvDsBatchMeta *batch_meta);
void nvds_add_obj_meta_to_frame(NvDsFrameMeta *frame_meta, NvDsObjectMeta *obj_meta, NvDsObjectMeta *obj_parent);
NvDsUserMeta *nvds_acquire_user_meta_from_pool(NvDsBatchMeta *batch_meta);
void nvds_add_user_meta_to_frame(NvDsFrameMeta *frame_meta, NvDsUserMeta *user_meta);
NvDsMetaType nvds_get_user_meta_type(gchar *meta_descriptor);
gboolean nvds_set_input_system_timestamp(GstBuffer *buffer, gchar *element_name);
gboolean nvds_set_output_system_timestamp(GstBuffer *buffer, gchar *element_name);
#ifdef __cplusplus
}
#endif
