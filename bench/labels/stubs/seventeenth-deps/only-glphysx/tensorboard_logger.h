// Stub (seventeenth set, MihaiAnca13/GLPhysXRL): the tensorboard_logger names the agent and the
// environment use (an options aggregate and the scalar logger).
#pragma once
#include <string>
struct TensorBoardLoggerOptions {
  int max_queue_size;
  int flush_period_s;
  bool resume;
};
class TensorBoardLogger {
public:
  TensorBoardLogger(const std::string& path, const TensorBoardLoggerOptions& options);
  template <typename T> int add_scalar(const std::string& tag, int step, T value);
};
