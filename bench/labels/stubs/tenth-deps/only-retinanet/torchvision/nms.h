// Stub (tenth set, deweyamer/libtorch_retinanet only): main_cpu.cpp and main_cuda.cpp include
// torchvision's C++ nms header from /home/duwei/torchvision but call nothing from it.
#pragma once
