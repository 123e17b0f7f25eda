#pragma once
#include <ATen/ATen.h>
at::Tensor nms_cuda(const at::Tensor& dets, const at::Tensor& scores, float iou_threshold);
