#pragma once
#include <string>
#include <vector>
#include <boost/shared_ptr.hpp>
namespace sensor_msgs {
struct JointState {
  std::vector<std::string> name;
  std::vector<double> position, velocity, effort;
  typedef boost::shared_ptr<JointState> Ptr;
  typedef boost::shared_ptr<const JointState> ConstPtr;
};
}  // namespace sensor_msgs
