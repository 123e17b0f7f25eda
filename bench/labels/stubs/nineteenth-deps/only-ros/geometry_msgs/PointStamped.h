#pragma once
#include <std_msgs/Header.h>
#include <memory>
namespace geometry_msgs {
struct Point { double x, y, z; };
struct PointStamped {
  std_msgs::Header header;
  Point point;
};
typedef std::shared_ptr<PointStamped> PointStampedPtr;
typedef std::shared_ptr<const PointStamped> PointStampedConstPtr;
}  // namespace geometry_msgs
