#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>
#include <geometry_msgs/Pose.h>
namespace nav_msgs {
struct OccupancyGrid {
  std_msgs::Header header;
  struct { double resolution; uint32_t width, height; geometry_msgs::Pose origin; } info; std::vector<int8_t> data;
};
typedef std::shared_ptr<OccupancyGrid> OccupancyGridPtr;
typedef std::shared_ptr<const OccupancyGrid> OccupancyGridConstPtr;
}  // namespace nav_msgs
