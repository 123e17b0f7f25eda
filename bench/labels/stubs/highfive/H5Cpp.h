// gpuleak bench stub: the HDF5 C++ header that harishkool/Pytorch-CPP pointnet/src/train.cpp
// includes but does not use. Not HDF5, no behaviour.
#pragma once
