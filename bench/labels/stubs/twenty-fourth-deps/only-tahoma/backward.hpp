// Stub for bench/labels, twenty-fourth set (thammegowda/tahoma): backward-cpp, a submodule the
// snapshot lacks; tahoma only installs its signal handler. Declarations only.
#pragma once
#include <vector>
namespace backward {
class SignalHandling {
public:
  SignalHandling(const std::vector<int> &signals = std::vector<int>());
  bool loaded() const;
};
}  // namespace backward
