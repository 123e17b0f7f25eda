#pragma once
#include <boost/shared_ptr.hpp>
namespace robot_msgs {
struct MotorState {
  double q, dq, tau_est;
  typedef boost::shared_ptr<MotorState> Ptr;
  typedef boost::shared_ptr<const MotorState> ConstPtr;
};
}  // namespace robot_msgs
