#pragma once
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <string>
#include <utility>
#include <vector>
namespace c74 {
namespace min {
using std::string;
using std::vector;
using std::cout;
using std::cerr;
using std::endl;
class symbol {
 public:
  symbol();
  symbol(const char* s);
  symbol(const std::string& s);
  operator std::string() const;
  const char* c_str() const;
};
bool operator==(const symbol& a, const symbol& b);
bool operator!=(const symbol& a, const symbol& b);
class atom {
 public:
  atom();
  template <class T> atom(const T& value);
  template <class T> operator T() const;
};
using atoms = std::vector<atom>;
using function = std::function<atoms(const atoms&, const int)>;
class path {
 public:
  path();
  path(const std::string& name);
  operator std::string() const;
};
class object_base {};
enum class threadsafe { no, yes };
template <class T, threadsafe ts = threadsafe::no> class object : public object_base {};
class audio_bundle {
 public:
  double* samples(std::size_t channel);
  double** samples();
  long channel_count() const;
  long frame_count() const;
};
template <class placeholder = void> class vector_operator {
 public:
  double samplerate();
};
template <class placeholder = void> class inlet {
 public:
  inlet(object_base* owner, const std::string& description, const std::string& type = "");
};
template <class placeholder = void> class outlet {
 public:
  outlet(object_base* owner, const std::string& description, const std::string& type = "");
  template <class... Args> void send(Args... args);
  void send(const atoms& args);
};
class description {
 public:
  description(const std::string& text);
};
class title {
 public:
  title(const std::string& text);
};
class range {
 public:
  range(std::initializer_list<atom> values);
};
class setter {
 public:
  setter(const function& fn);
};
template <class T, threadsafe ts = threadsafe::no> class attribute {
 public:
  template <class... Args>
  attribute(object_base* owner, const std::string& name, const T& default_value, Args... args);
  operator const T&() const;
  operator T&();
  const T& get() const;
  attribute& operator=(const T& value);
  template <class I> auto operator[](I i) const -> decltype(std::declval<const T&>()[i]);
};
template <class T, threadsafe ts = threadsafe::no> class argument {
 public:
  argument(object_base* owner, const std::string& name, const std::string& description,
           const function& fn = nullptr);
};
template <threadsafe ts = threadsafe::no> class message {
 public:
  message(object_base* owner, const std::string& name, const function& fn);
  message(object_base* owner, const std::string& name, const std::string& description,
          const function& fn);
  atoms operator()(const atoms& args = {}, int inlet = -1);
};
enum class timer_options { deliver_on_scheduler, defer_delivery };
template <timer_options options = timer_options::deliver_on_scheduler> class timer {
 public:
  timer(object_base* owner, const function& fn);
  void delay(double duration_in_ms);
  void stop();
  bool running() const;
};
template <threadsafe ts = threadsafe::no> class queue {
 public:
  queue(object_base* owner, const function& fn);
  void set();
};
namespace lib {
namespace math {
double samples_to_milliseconds(double samples, double samplerate);
double milliseconds_to_samples(double ms, double samplerate);
}  // namespace math
}  // namespace lib
}  // namespace min
}  // namespace c74
#define MIN_FUNCTION [this](const c74::min::atoms& args, const int inlet) -> c74::min::atoms
#define MIN_DESCRIPTION static constexpr const char* class_description
#define MIN_TAGS static constexpr const char* class_tags
#define MIN_AUTHOR static constexpr const char* class_author
#define MIN_RELATED static constexpr const char* class_related
#define MIN_EXTERNAL(cpp_classname) void ext_main_##cpp_classname(void* r)
