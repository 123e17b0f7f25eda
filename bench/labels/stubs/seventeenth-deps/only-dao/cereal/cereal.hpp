// Stub (seventeenth set, NQevxvEtg/dao): the cereal names the encoders' serialize members use.
#pragma once
#include <utility>
namespace cereal {
class access;
template <class T> T&& make_nvp(const char*, T&& value) { return std::forward<T>(value); }
}
#define CEREAL_NVP(x) x
