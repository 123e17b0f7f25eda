// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's gst-nvevent.h names used.
#pragma once
#include <gst/gst.h>
typedef enum {
  GST_NVEVENT_PAD_ADDED = GST_EVENT_MAKE_TYPE(400, (GstEventTypeFlags)(GST_EVENT_TYPE_DOWNSTREAM | GST_EVENT_TYPE_SERIALIZED)),
  GST_NVEVENT_PAD_DELETED = GST_EVENT_MAKE_TYPE(401, (GstEventTypeFlags)(GST_EVENT_TYPE_DOWNSTREAM | GST_EVENT_TYPE_SERIALIZED)),
  GST_NVEVENT_STREAM_EOS = GST_EVENT_MAKE_TYPE(402, (GstEventTypeFlags)(GST_EVENT_TYPE_DOWNSTREAM | GST_EVENT_TYPE_SERIALIZED))
} GstNvEventType;
#ifdef __cplusplus
extern "C" {
#endif
void gst_nvevent_parse_pad_added(GstEvent *event, guint *source_id);
void gst_nvevent_parse_pad_deleted(GstEvent *event, guint *source_id);
void gst_nvevent_parse_stream_eos(GstEvent *event, guint *source_id);
#ifdef __cplusplus
}
#endif
