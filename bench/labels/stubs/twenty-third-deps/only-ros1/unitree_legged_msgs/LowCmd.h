#pragma once
#include "MotorCmd.h"
namespace unitree_legged_msgs {
struct LowCmd { MotorCmd motorCmd[20]; };
}  // namespace unitree_legged_msgs
