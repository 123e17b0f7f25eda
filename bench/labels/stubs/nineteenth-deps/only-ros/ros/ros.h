#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <functional>
// roscpp's headers bring in Boost's shared_ptr, bind and the global placeholders _1, _2.
namespace boost {
using std::shared_ptr;
using std::make_shared;
using std::bind;
}  // namespace boost
using std::placeholders::_1;
using std::placeholders::_2;
using std::placeholders::_3;
namespace ros {
class Duration {
 public:
  Duration();
  explicit Duration(double t);
  double toSec() const;
  bool sleep() const;
};
class Time {
 public:
  Time();
  Time(uint32_t sec, uint32_t nsec);
  static Time now();
  double toSec() const;
  uint64_t toNSec() const;
  uint32_t sec, nsec;
};
Time operator+(const Time&, const Duration&);
Time operator-(const Time&, const Duration&);
Duration operator-(const Time&, const Time&);
bool operator<(const Time&, const Time&);
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
  uint32_t getNumSubscribers() const;
};
class Subscriber {};
class ServiceServer {};
class Timer {};
struct TimerEvent {};
class NodeHandle {
 public:
  NodeHandle(const std::string& ns = std::string());
  NodeHandle(const NodeHandle& parent, const std::string& ns);
  template <class T> bool param(const std::string& name, T& value, const T& default_value) const;
  template <class T> T param(const std::string& name, const T& default_value) const;
  template <class T> bool getParam(const std::string& name, T& value) const;
  template <class M> Publisher advertise(const std::string& topic, uint32_t queue, bool latch = false);
  template <class M, class C>
  Subscriber subscribe(const std::string& topic, uint32_t queue,
                       void (C::*fp)(const std::shared_ptr<const M>&), C* obj);
  template <class M>
  Subscriber subscribe(const std::string& topic, uint32_t queue,
                       void (*fp)(const std::shared_ptr<const M>&));
  // a bound callable (boost::bind(&C::f, this, _1, i)), as roscpp's boost::function overload
  template <class M>
  Subscriber subscribe(const std::string& topic, uint32_t queue,
                       const std::function<void(const std::shared_ptr<const M>&)>& callback);
  template <class C, class Req, class Res>
  ServiceServer advertiseService(const std::string& service, bool (C::*fp)(Req&, Res&), C* obj);
  template <class C>
  Timer createTimer(Duration period, void (C::*fp)(const TimerEvent&), C* obj);
};
}  // namespace ros
#define ROS_INFO(...) ((void)0)
#define ROS_WARN(...) ((void)0)
#define ROS_ERROR(...) ((void)0)
#define ROS_DEBUG(...) ((void)0)
#define ROS_FATAL(...) ((void)0)
#define ROS_INFO_STREAM(x) ((void)0)
#define ROS_WARN_STREAM(x) ((void)0)
#define ROS_ERROR_STREAM(x) ((void)0)
#define ROS_DEBUG_STREAM(x) ((void)0)
#define ROS_INFO_ONCE(...) ((void)0)
#define ROS_WARN_ONCE(...) ((void)0)
#define ROS_INFO_THROTTLE(...) ((void)0)
#define ROS_WARN_THROTTLE(...) ((void)0)
#define ROS_ERROR_THROTTLE(...) ((void)0)
#include <std_msgs/Header.h>
