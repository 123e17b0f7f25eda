#pragma once
#include <ros/ros.h>
namespace tf2_ros {
class TransformBroadcaster {
 public:
  TransformBroadcaster();
};
}  // namespace tf2_ros
