// Declarations-only stand-in for the part of Boost.Program_options that LLM_cpp's GPT-2
// program names (options_description, value<T>, variables_map, parse_command_line, store,
// notify). No body decides anything about tensors.
#pragma once
#include <any>
#include <map>
#include <ostream>
#include <string>
namespace boost {
namespace program_options {
template <class T> class typed_value {
 public:
  typed_value* default_value(const T& v);
  typed_value* implicit_value(const T& v);
  typed_value* multitoken();
};
template <class T> typed_value<T>* value();
template <class T> typed_value<T>* value(T* store_to);
class options_description_easy_init {
 public:
  options_description_easy_init& operator()(const char* name, const char* description);
  template <class T>
  options_description_easy_init& operator()(const char* name, typed_value<T>* s,
                                            const char* description);
};
class options_description {
 public:
  options_description(const std::string& caption = "", unsigned line_length = 80,
                      unsigned min_description_length = 40);
  options_description_easy_init add_options();
  options_description& add(const options_description& desc);
};
std::ostream& operator<<(std::ostream& os, const options_description& desc);
class variable_value {
 public:
  template <class T> const T& as() const;
  template <class T> T& as();
  bool empty() const;
  bool defaulted() const;
};
class variables_map : public std::map<std::string, variable_value> {
 public:
  const variable_value& operator[](const std::string& name) const;
};
class parsed_options {};
parsed_options parse_command_line(int argc, const char* const argv[],
                                  const options_description& desc, int style = 0);
parsed_options parse_command_line(int argc, char* argv[], const options_description& desc,
                                  int style = 0);
void store(const parsed_options& options, variables_map& m, bool utf8 = false);
void notify(variables_map& m);
}  // namespace program_options
}  // namespace boost
