#pragma once
#include <cstdint>
namespace unitree_legged_msgs {
struct MotorCmd { uint8_t mode; float q, dq, tau, Kp, Kd; };
}  // namespace unitree_legged_msgs
