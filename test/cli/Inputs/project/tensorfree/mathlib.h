#pragma once
// A header-only math library of the project, included with -I, as glm or
// nlohmann/json are: its functions hold no tensor.
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace ml {
template <typename T> struct vec3 {
  T x, y, z;
  vec3(T a, T b, T c) : x(a), y(b), z(c) {}
  T dot(const vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  T length() const { return std::sqrt(dot(*this)); }
};
template <typename T> vec3<T> scale(const vec3<T> &v, T s) {
  return vec3<T>(v.x * s, v.y * s, v.z * s);
}
class Counter {
public:
  int get() const { return n_; }              // returns a member
  void reset() { n_ = 0; name_ = "none"; }   // assigns members
  void bump() { ++n_; }
  void check(int v) const {                   // may throw
    if (v < 0)
      throw std::runtime_error("negative");
  }

private:
  int n_ = 0;
  std::string name_;
};
inline int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } // recursive
inline void fill(float *p, int n) {                             // a pointer
  for (int i = 0; i < n; ++i)
    p[i] = 0;
}
template <typename F> int apply(F f) { return f(2); }           // a callable
inline int twice() {
  return apply([](int v) { return 2 * v; });
}
inline std::vector<int> range(int n) {
  std::vector<int> r;
  for (int i = 0; i < n; ++i)
    r.push_back(i);
  return r;
}
} // namespace ml
