#pragma once
#include <sensor_msgs/Image.h>
namespace std_msgs {
struct Bool { bool data; };
}
namespace amrl_msgs {
struct CostmapSrv {
  struct Request {};
  struct Response {
    sensor_msgs::Image costmap;
    std_msgs::Bool success;
  };
};
}  // namespace amrl_msgs
