#pragma once
#include <ros/ros.h>
#include <sensor_msgs/Image.h>
namespace image_transport {
class Publisher {
 public:
  void publish(const sensor_msgs::Image& message) const;
  void publish(const sensor_msgs::ImageConstPtr& message) const;
  uint32_t getNumSubscribers() const;
};
class Subscriber {};
class ImageTransport {
 public:
  explicit ImageTransport(const ros::NodeHandle& nh);
  Publisher advertise(const std::string& base_topic, uint32_t queue_size, bool latch = false);
  template <class C>
  Subscriber subscribe(const std::string& base_topic, uint32_t queue_size,
                       void (C::*fp)(const sensor_msgs::ImageConstPtr&), C* obj);
  Subscriber subscribe(const std::string& base_topic, uint32_t queue_size,
                       void (*fp)(const sensor_msgs::ImageConstPtr&));
};
}  // namespace image_transport
