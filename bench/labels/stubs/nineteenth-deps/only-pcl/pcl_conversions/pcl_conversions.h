#pragma once
#include <pcl/point_cloud.h>
#include <sensor_msgs/PointCloud2.h>
namespace pcl {
template <class PointT> void fromROSMsg(const sensor_msgs::PointCloud2& msg, PointCloud<PointT>& cloud);
template <class PointT> void toROSMsg(const PointCloud<PointT>& cloud, sensor_msgs::PointCloud2& msg);
}  // namespace pcl
