// gpuleak bench stub (zachoines/HomeMonitor)
#pragma once
#include <opencv2/tracking.hpp>
