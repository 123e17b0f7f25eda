// Windows-style include <opencv2\core.hpp> (c-dafan/cuDNN_LeNet, a Visual Studio project): forwards
// to the OpenCV stub.
#pragma once
#include <opencv2/core.hpp>
