#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>
#include <geometry_msgs/PoseStamped.h>
namespace nav_msgs {
struct Path {
  std_msgs::Header header;
  std::vector<geometry_msgs::PoseStamped> poses;
};
typedef std::shared_ptr<Path> PathPtr;
typedef std::shared_ptr<const Path> PathConstPtr;
}  // namespace nav_msgs
