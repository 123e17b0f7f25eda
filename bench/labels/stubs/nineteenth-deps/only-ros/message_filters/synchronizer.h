#pragma once
#include <functional>
#include <message_filters/subscriber.h>
namespace message_filters {
template <class Policy> class Synchronizer {
 public:
  template <class F0, class F1>
  Synchronizer(const Policy& policy, F0& f0, F1& f1);
  template <class C> void registerCallback(const C& callback);
};
}  // namespace message_filters
