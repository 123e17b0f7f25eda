#pragma once
// rl_deploy's own message (rl_msgs/msg/RobotState.msg, VMC.msg), generated at build time.
#include <vector>
#include <sensor_msgs/Imu.h>
#include <sensor_msgs/JointState.h>
namespace rl_msgs {
struct VMC { double theta, theta_dot, l, l_dot; };
struct RobotState {
  sensor_msgs::JointState joint_states;
  sensor_msgs::Imu imu_states;
  std::vector<double> commands;
  VMC left, right;
  std::vector<double> actions, rpy;
};
}  // namespace rl_msgs
