// Stub of g3log; see loglevels.hpp.
#pragma once
#include <g3log/loglevels.hpp>
#include <string>
namespace g3 {
struct LogMessage {
    LEVELS _level{0, ""};
    std::string toString(std::string (*)(const LogMessage &) = nullptr) const { return {}; }
    std::string timestamp(const std::string & = "") const { return {}; }
    std::string level() const { return {}; }
    std::string file() const { return {}; }
    std::string line() const { return {}; }
    std::string message() const { return {}; }
};
struct LogMessageMover {
    LogMessage &get() { return m; }
    LogMessage m;
};
} // namespace g3
