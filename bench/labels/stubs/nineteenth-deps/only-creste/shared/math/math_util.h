#pragma once
namespace math_util {
template <class T> T Sq(const T& x);
template <class T> T Clamp(const T& value, const T& min, const T& max);
}  // namespace math_util
