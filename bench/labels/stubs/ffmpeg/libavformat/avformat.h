/* gpuleak bench stub: a few FFmpeg-like declarations. Not FFmpeg, no behaviour. */
#pragma once
#include <libavcodec/avcodec.h>
#include <libavformat/avio.h>
enum AVStreamParseType { AVSTREAM_PARSE_NONE = 0, AVSTREAM_PARSE_FULL = 1 };
typedef struct AVInputFormat { const char* name; const char* long_name; const char* extensions; } AVInputFormat;
typedef struct AVStream {
    int index;
    AVCodecParameters* codecpar;
    AVRational time_base, r_frame_rate, avg_frame_rate;
    int64_t duration, nb_frames;
} AVStream;
typedef struct AVFormatContext {
    const AVInputFormat* iformat;
    AVIOContext* pb;
    unsigned int nb_streams;
    AVStream** streams;
    int64_t duration;
    char* url;
} AVFormatContext;
AVFormatContext* avformat_alloc_context(void);
int avformat_open_input(AVFormatContext** ps, const char* url, const AVInputFormat* fmt, AVDictionary** options);
int avformat_find_stream_info(AVFormatContext* ic, AVDictionary** options);
int av_find_best_stream(AVFormatContext* ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                        const AVCodec** decoder_ret, int flags);
int av_read_frame(AVFormatContext* s, AVPacket* pkt);
void avformat_close_input(AVFormatContext** s);
int avformat_network_init(void);
