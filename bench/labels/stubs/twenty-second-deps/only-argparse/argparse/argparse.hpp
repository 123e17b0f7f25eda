// Declarations-only stand-in for p-ranav/argparse (argparse/argparse.hpp), the parts that
// myatmyintzuthin/libtorch-inference names (twenty-second set). No bodies.
#pragma once
#include <ostream>
#include <string>

namespace argparse {
class Argument {
public:
  Argument &required();
  Argument &help(std::string help_text);
};

class ArgumentParser {
public:
  explicit ArgumentParser(std::string program_name = {}, std::string version = "1.0");
  Argument &add_argument(std::string name);
  void parse_args(int argc, const char *const argv[]);
  template <typename T = std::string> T get(std::string_view arg_name) const;
  friend std::ostream &operator<<(std::ostream &stream, const ArgumentParser &parser);
};
} // namespace argparse
