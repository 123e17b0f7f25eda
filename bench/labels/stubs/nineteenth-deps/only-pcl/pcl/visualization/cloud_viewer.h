#pragma once
#include <string>
#include <pcl/point_cloud.h>
namespace pcl {
namespace visualization {
class CloudViewer {
 public:
  explicit CloudViewer(const std::string& window_name);
  template <class PointT>
  void showCloud(const typename PointCloud<PointT>::ConstPtr& cloud,
                 const std::string& cloudname = "cloud");
  void showCloud(const PointCloud<PointXYZRGB>::ConstPtr& cloud,
                 const std::string& cloudname = "cloud");
  bool wasStopped(int millis_to_wait = 1);
};
}  // namespace visualization
}  // namespace pcl
