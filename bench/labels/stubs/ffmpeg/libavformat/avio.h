/* gpuleak bench stub: a few FFmpeg-like declarations. Not FFmpeg, no behaviour. */
#pragma once
#include <libavutil/avutil.h>
typedef struct AVIOContext { unsigned char* buffer; int buffer_size; void* opaque; } AVIOContext;
AVIOContext* avio_alloc_context(unsigned char* buffer, int buffer_size, int write_flag, void* opaque,
                                int (*read_packet)(void* opaque, uint8_t* buf, int buf_size),
                                int (*write_packet)(void* opaque, uint8_t* buf, int buf_size),
                                int64_t (*seek)(void* opaque, int64_t offset, int whence));
void avio_context_free(AVIOContext** s);
