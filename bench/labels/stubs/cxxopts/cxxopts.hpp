// Stub of cxxopts (https://github.com/jarro2783/cxxopts) for bench/score-labels.py: the
// declarations the labelled trees use (Options, add_options()(...), value<T>(),
// ParseResult[...].as<T>(), count, help). Declarations only; nothing here runs.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace cxxopts {
class Value {
public:
  std::shared_ptr<Value> default_value(const std::string &);
  std::shared_ptr<Value> implicit_value(const std::string &);
};
template <typename T> std::shared_ptr<Value> value();
template <typename T> std::shared_ptr<Value> value(T &);

class OptionValue {
public:
  template <typename T> const T &as() const;
  std::size_t count() const;
};

class ParseResult {
public:
  const OptionValue &operator[](const std::string &) const;
  std::size_t count(const std::string &) const;
};

class OptionAdder {
public:
  OptionAdder &operator()(const std::string &, const std::string &);
  OptionAdder &operator()(const std::string &, const std::string &, std::shared_ptr<Value>,
                          std::string arg_help = "");
};

class Options {
public:
  explicit Options(std::string program, std::string help = "");
  OptionAdder add_options(std::string group = "");
  Options &positional_help(std::string);
  void parse_positional(std::initializer_list<std::string>);
  ParseResult parse(int argc, const char *const *argv);
  std::string help() const;
};
} // namespace cxxopts
