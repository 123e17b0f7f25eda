#pragma once
#include <cstdint>
namespace unitree_legged_msgs {
struct MotorState { uint8_t mode; float q, dq, ddq, tauEst; };
}  // namespace unitree_legged_msgs
