// gpuleak bench stub: stands for TensorRT's samples/common/common.h; nothing the
// labelled files use from it.
#pragma once
#include "buffers.h"
