// Stub of g3log (https://github.com/KjellKod/g3log) for zjeffer/chess-deep-rl-cpp:
// the LOG(level) stream macro, the levels and the sink types its logger names.
#pragma once
#include <string>
struct LEVELS {
    int value;
    std::string text;
    LEVELS(int v, const std::string &t) : value(v), text(t) {}
};
namespace g3 {
static const int kDebugValue = 100, kInfoValue = 300, kWarningValue = 500, kFatalValue = 1000;
namespace internal { inline bool wasFatal(const LEVELS &l) { return l.value >= kFatalValue; } }
} // namespace g3
static const LEVELS G3LOG_DEBUG{g3::kDebugValue, "DEBUG"}, INFO{g3::kInfoValue, "INFO"},
    WARNING{g3::kWarningValue, "WARNING"}, FATAL{g3::kFatalValue, "FATAL"};
#define DEBUG G3LOG_DEBUG
