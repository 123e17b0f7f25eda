/* gpuleak bench stub: a few FFmpeg-like declarations, enough for the labelled files to
   parse. Not FFmpeg, no behaviour. */
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct AVRational { int num, den; } AVRational;
static inline double av_q2d(AVRational a) { return a.num / (double)a.den; }
enum AVMediaType { AVMEDIA_TYPE_UNKNOWN = -1, AVMEDIA_TYPE_VIDEO = 0, AVMEDIA_TYPE_AUDIO = 1 };
enum AVPixelFormat {
    AV_PIX_FMT_NONE = -1, AV_PIX_FMT_YUV420P = 0, AV_PIX_FMT_GRAY8 = 8, AV_PIX_FMT_YUVJ420P = 12,
    AV_PIX_FMT_YUVJ422P = 13, AV_PIX_FMT_YUVJ444P = 14, AV_PIX_FMT_YUV444P = 5, AV_PIX_FMT_NV12 = 23,
    AV_PIX_FMT_GRAY10LE = 100, AV_PIX_FMT_YUV420P10LE = 101, AV_PIX_FMT_YUV420P12LE = 102,
    AV_PIX_FMT_YUV444P10LE = 103, AV_PIX_FMT_YUV444P12LE = 104
};
typedef struct AVDictionary AVDictionary;
void* av_malloc(size_t size);
void av_free(void* ptr);
void av_freep(void* ptr);
int av_strerror(int errnum, char* errbuf, size_t errbuf_size);
#define AVERROR_EOF (-541478725)
#define AVERROR(e) (-(e))
