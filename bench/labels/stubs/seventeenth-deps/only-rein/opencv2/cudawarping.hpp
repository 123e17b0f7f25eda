#pragma once
#include <opencv2/core/cuda.hpp>
