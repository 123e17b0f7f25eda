#pragma once
#include "MotorState.h"
namespace unitree_legged_msgs {
struct LowState { MotorState motorState[20]; };
}  // namespace unitree_legged_msgs
