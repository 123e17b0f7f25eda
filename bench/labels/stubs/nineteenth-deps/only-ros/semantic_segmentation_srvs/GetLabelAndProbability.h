#pragma once
#include <sensor_msgs/Image.h>
namespace semantic_segmentation_srvs {
struct GetLabelAndProbability {
  struct Request {
    sensor_msgs::Image img;
  };
  struct Response {
    sensor_msgs::Image label_img, colorlabel_img, prob_img, uncertainty_img;
  };
  Request request;
  Response response;
};
}  // namespace semantic_segmentation_srvs
