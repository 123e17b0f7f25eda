#pragma once
#include <vector>
#include <boost/shared_ptr.hpp>
namespace sensor_msgs {
struct Joy {
  std::vector<float> axes;
  std::vector<int> buttons;
  typedef boost::shared_ptr<Joy> Ptr;
  typedef boost::shared_ptr<const Joy> ConstPtr;
};
}  // namespace sensor_msgs
