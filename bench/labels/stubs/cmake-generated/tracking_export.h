// gpuleak bench stub: stands for the export header that CMake generate_export_header()
// writes at build time (libtorch-yolov3-deepsort).
#pragma once
#define TRACKING_EXPORT
#define TRACKING_NO_EXPORT
