// gpuleak bench stub: the tensorboard_logger calls of wty-yy/cpprl's ppo_atari.cpp, enough to
// parse. No behaviour.
#pragma once
#include <filesystem>
#include <string>

namespace tensorboard {
std::string get_current_timestamp();
std::filesystem::path get_root_path();
class SummaryWriter {
public:
  explicit SummaryWriter(const std::string &log_dir);
  void add_scalar(const std::string &tag, int step, double value);
  void add_text(const std::string &tag, int step, const char *text);
  void close();
};
} // namespace tensorboard
