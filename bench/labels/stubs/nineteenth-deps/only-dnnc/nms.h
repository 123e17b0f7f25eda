#pragma once
// torchvision 0.8's csrc/nms.h (the Visual Studio project puts torchvision/csrc on the path).
#include <ATen/ATen.h>
at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores, double iou_threshold);
