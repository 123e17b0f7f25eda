#pragma once
#include <string>
#include <vector>
#include <geometry_msgs/Pose.h>
#include <geometry_msgs/Twist.h>
namespace gazebo_msgs {
struct ModelStates {
  std::vector<std::string> name;
  std::vector<geometry_msgs::Pose> pose;
  std::vector<geometry_msgs::Twist> twist;
  typedef boost::shared_ptr<ModelStates> Ptr;
  typedef boost::shared_ptr<const ModelStates> ConstPtr;
};
}  // namespace gazebo_msgs
