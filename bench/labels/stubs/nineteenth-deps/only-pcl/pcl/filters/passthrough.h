#pragma once
#include <string>
#include <pcl/point_cloud.h>
namespace pcl {
template <class PointT> class PassThrough {
 public:
  PassThrough();
  void setInputCloud(const typename PointCloud<PointT>::ConstPtr& cloud);
  void setFilterFieldName(const std::string& field_name);
  void setFilterLimits(float limit_min, float limit_max);
  void setFilterLimitsNegative(bool negative);
  void filter(PointCloud<PointT>& output);
};
}  // namespace pcl
