// Stub of toml11 (toml::value, toml::find), as fastrl's utils.h uses it.
#pragma once
#include <string>
namespace toml {
class value {
public:
  value();
  template <typename T> value(const T &);
  template <typename T> value &operator=(const T &);
  value &operator[](const std::string &);
};
template <typename T> T find(const value &, const std::string &);
value parse(const std::string &);
} // namespace toml
