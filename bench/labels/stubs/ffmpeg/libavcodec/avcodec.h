/* gpuleak bench stub: a few FFmpeg-like declarations, enough for the labelled files to
   parse. Not FFmpeg, no behaviour. */
#pragma once
#include <libavutil/avutil.h>

enum AVCodecID {
    AV_CODEC_ID_NONE = 0, AV_CODEC_ID_MPEG1VIDEO = 1, AV_CODEC_ID_MPEG2VIDEO = 2, AV_CODEC_ID_H264 = 27,
    AV_CODEC_ID_MJPEG = 7, AV_CODEC_ID_MPEG4 = 12, AV_CODEC_ID_WMV3 = 72, AV_CODEC_ID_VC1 = 70,
    AV_CODEC_ID_VP8 = 139, AV_CODEC_ID_VP9 = 167, AV_CODEC_ID_HEVC = 173, AV_CODEC_ID_AV1 = 226
};
typedef struct AVCodecParameters {
    enum AVMediaType codec_type;
    enum AVCodecID codec_id;
    uint8_t* extradata;
    int extradata_size;
    int format;
    int width, height;
} AVCodecParameters;
typedef struct AVPacket {
    uint8_t* data;
    int size;
    int stream_index;
    int flags;
    int64_t pts, dts, duration, pos;
} AVPacket;
typedef struct AVBitStreamFilter { const char* name; } AVBitStreamFilter;
typedef struct AVBSFContext {
    const AVBitStreamFilter* filter;
    AVCodecParameters* par_in;
    AVCodecParameters* par_out;
    AVRational time_base_in, time_base_out;
} AVBSFContext;
typedef struct AVCodec { const char* name; enum AVCodecID id; } AVCodec;
typedef struct AVCodecContext { int width, height; enum AVPixelFormat pix_fmt; } AVCodecContext;

void av_init_packet(AVPacket* pkt);
AVPacket* av_packet_alloc(void);
void av_packet_free(AVPacket** pkt);
void av_packet_unref(AVPacket* pkt);
int avcodec_parameters_copy(AVCodecParameters* dst, const AVCodecParameters* src);
const AVBitStreamFilter* av_bsf_get_by_name(const char* name);
int av_bsf_alloc(const AVBitStreamFilter* filter, AVBSFContext** ctx);
int av_bsf_init(AVBSFContext* ctx);
int av_bsf_send_packet(AVBSFContext* ctx, AVPacket* pkt);
int av_bsf_receive_packet(AVBSFContext* ctx, AVPacket* pkt);
void av_bsf_free(AVBSFContext** ctx);
