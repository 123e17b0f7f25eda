#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>
#include <geometry_msgs/Pose.h>
namespace geometry_msgs {
struct PoseStamped {
  std_msgs::Header header;
  geometry_msgs::Pose pose;
};
typedef std::shared_ptr<PoseStamped> PoseStampedPtr;
typedef std::shared_ptr<const PoseStamped> PoseStampedConstPtr;
}  // namespace geometry_msgs
