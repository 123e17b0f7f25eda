#pragma once
#include <geometry_msgs/Vector3.h>
namespace sensor_msgs {
struct Imu {
  geometry_msgs::Quaternion orientation;
  geometry_msgs::Vector3 angular_velocity, linear_acceleration;
};
}  // namespace sensor_msgs
