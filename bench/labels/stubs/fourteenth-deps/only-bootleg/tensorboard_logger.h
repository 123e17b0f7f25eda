// Stub for instance01/BootlegAlphaZero: tensorboard_logger (RustingSword/tensorboard_logger,
// a library the repository builds against) as alphazero.cpp uses it: a writer of scalars and
// histograms. Nothing of it touches tensors.
#pragma once
#include <string>
#include <vector>
class TensorBoardLogger {
 public:
  explicit TensorBoardLogger(const char *path) {}
  template <typename T> int add_scalar(const std::string &tag, int step, T value) { return 0; }
  template <typename T>
  int add_histogram(const std::string &tag, int step, const std::vector<T> &values) { return 0; }
  template <typename T> int add_histogram(const std::string &tag, int step, const T *v, size_t n) { return 0; }
  int add_text(const std::string &tag, int step, const char *text) { return 0; }
};
