// Stub for bench/labels: laplaceliu/build-your-own-llm-using-cpp-and-libtorch uses the
// gflags flag macros and ParseCommandLineFlags. gflags is not installed here.
#pragma once
#include <cstdint>
#include <string>
#define DEFINE_string(name, value, help) std::string FLAGS_##name = value
#define DEFINE_bool(name, value, help) bool FLAGS_##name = value
#define DEFINE_int32(name, value, help) int32_t FLAGS_##name = value
#define DEFINE_int64(name, value, help) int64_t FLAGS_##name = value
#define DEFINE_uint64(name, value, help) uint64_t FLAGS_##name = value
#define DEFINE_double(name, value, help) double FLAGS_##name = value
#define DECLARE_string(name) extern std::string FLAGS_##name
#define DECLARE_bool(name) extern bool FLAGS_##name
#define DECLARE_int32(name) extern int32_t FLAGS_##name
#define DECLARE_int64(name) extern int64_t FLAGS_##name
#define DECLARE_double(name) extern double FLAGS_##name
namespace gflags {
uint32_t ParseCommandLineFlags(int *argc, char ***argv, bool remove_flags);
void SetUsageMessage(const std::string &usage);
// Tenth set (embededAI/libtorch_evaluate, TiMeMof/libtorch_with_yolov8):
void SetVersionString(const std::string &version);
void ShowUsageWithFlagsRestrict(const char *argv0, const char *restrict_);
void ShutDownCommandLineFlags();
}  // namespace gflags
namespace google { using namespace gflags; }
