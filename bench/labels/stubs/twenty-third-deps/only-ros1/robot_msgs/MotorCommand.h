#pragma once
// rl_sar's own message (robot_msgs, generated at build time).
namespace robot_msgs { struct MotorCommand { double q, dq, tau, kp, kd; }; }
