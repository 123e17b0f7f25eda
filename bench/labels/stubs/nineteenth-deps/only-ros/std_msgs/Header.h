#pragma once
#include <ros/ros.h>
#include <string>
namespace std_msgs {
struct Header {
  uint32_t seq;
  ros::Time stamp;
  std::string frame_id;
};
}  // namespace std_msgs
