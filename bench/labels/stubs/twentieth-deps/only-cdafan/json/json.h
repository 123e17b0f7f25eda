// jsoncpp (not installed): the names c-dafan/cuDNN_LeNet's main_time.cpp and util.cpp use
// (the weights are read from weight.json). Declarations only; ahead of stubs/jsoncpp-json.
#pragma once
#include <istream>
#include <string>
namespace Json {
class Value {
 public:
  Value();
  Value(const Value&);
  Value& operator=(const Value&);
  ~Value();
  Value& operator[](const char* key);
  const Value& operator[](const char* key) const;
  Value& operator[](unsigned index);
  const Value& operator[](unsigned index) const;
  Value& operator[](int index);
  const Value& operator[](int index) const;
  unsigned size() const;
  float asFloat() const;
  double asDouble() const;
  int asInt() const;
};
class Reader {
 public:
  Reader();
  bool parse(std::istream& is, Value& root, bool collectComments = true);
  bool parse(const std::string& document, Value& root, bool collectComments = true);
};
}  // namespace Json
