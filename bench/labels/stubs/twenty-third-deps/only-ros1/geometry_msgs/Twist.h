#pragma once
#include "Vector3.h"
namespace geometry_msgs {
struct Twist {
  Vector3 linear, angular;
  typedef boost::shared_ptr<Twist> Ptr;
  typedef boost::shared_ptr<const Twist> ConstPtr;
};
}  // namespace geometry_msgs
