// Stub of g3log; see loglevels.hpp.
#pragma once
#include <g3log/g3log.hpp>
#include <memory>
#include <string>
namespace g3 {
struct SinkHandleBase {};
class LogWorker {
  public:
    static std::unique_ptr<LogWorker> createLogWorker() { return std::unique_ptr<LogWorker>(new LogWorker); }
    template <typename T, typename F> std::unique_ptr<SinkHandleBase> addSink(std::unique_ptr<T>, F) { return {}; }
    void removeAllSinks() {}
};
} // namespace g3
