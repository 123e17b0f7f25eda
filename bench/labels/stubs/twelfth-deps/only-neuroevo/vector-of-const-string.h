// Forced include (twelfth set, jamesbut/NeuroEvo only): data/json.h passes keys as
// std::vector<const std::string>, which libstdc++ rejects (a static assertion: the value type
// must not be const); libc++, which the project was written against on macOS, accepts it. This
// makes that one specialization a std::vector<std::string>.
#pragma once
#include <string>
#include <vector>
namespace std {
template <> class vector<const string, allocator<const string>> : public vector<string> {
 public:
  using vector<string>::vector;
  vector() = default;
  vector(initializer_list<string> l) : vector<string>(l) {}
};
}  // namespace std
