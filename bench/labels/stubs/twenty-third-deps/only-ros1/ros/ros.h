#pragma once
// Declarations-only stand-in for the roscpp names that rl_sar's and rl_deploy's nodes use.
// Message pointers are boost::shared_ptr, as in ROS 1. No body here touches a tensor.
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>
#include <boost/shared_ptr.hpp>
#include <boost/bind/bind.hpp>
using namespace boost::placeholders;
namespace ros {
class Time {
 public:
  static Time now();
  double toSec() const;
};
class Duration {
 public:
  explicit Duration(double t = 0);
  double toSec() const;
};
class Rate {
 public:
  explicit Rate(double frequency);
  bool sleep();
};
void init(int& argc, char** argv, const std::string& name, uint32_t options = 0);
bool ok();
void shutdown();
void spin();
void spinOnce();
class Publisher {
 public:
  template <class M> void publish(const M& message) const;
};
class Subscriber {};
class ServiceClient {
 public:
  template <class S> bool call(S& service);
};
class NodeHandle {
 public:
  NodeHandle(const std::string& ns = std::string());
  template <class T> bool param(const std::string& name, T& value, const T& default_value) const;
  template <class T> bool getParam(const std::string& name, T& value) const;
  template <class M> Publisher advertise(const std::string& topic, uint32_t queue, bool latch = false);
  template <class M, class C>
  Subscriber subscribe(const std::string& topic, uint32_t queue,
                       void (C::*fp)(const boost::shared_ptr<const M>&), C* obj);
  template <class M, class C>
  Subscriber subscribe(const std::string& topic, uint32_t queue, void (C::*fp)(const M&), C* obj);
  // a callable (a lambda taking M::ConstPtr), as roscpp's boost::function overload
  template <class M, class F>
  Subscriber subscribe(const std::string& topic, uint32_t queue, F callback) { return Subscriber(); }
  template <class S> ServiceClient serviceClient(const std::string& service);
};
}  // namespace ros
#define ROS_INFO_STREAM(x) (std::cout << x << std::endl)
#define ROS_WARN_STREAM(x) (std::cout << x << std::endl)
#define ROS_ERROR_STREAM(x) (std::cerr << x << std::endl)
#define ROS_INFO(...) ((void)0)
#define ROS_WARN(...) ((void)0)
#define ROS_ERROR(...) ((void)0)
