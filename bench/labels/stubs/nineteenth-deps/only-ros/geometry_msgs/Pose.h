#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>
#include <geometry_msgs/PointStamped.h>
namespace geometry_msgs { struct Quaternion { double x, y, z, w; }; }
namespace geometry_msgs {
struct Pose {
  std_msgs::Header header;
  geometry_msgs::Point position; geometry_msgs::Quaternion orientation;
};
typedef std::shared_ptr<Pose> PosePtr;
typedef std::shared_ptr<const Pose> PoseConstPtr;
}  // namespace geometry_msgs
