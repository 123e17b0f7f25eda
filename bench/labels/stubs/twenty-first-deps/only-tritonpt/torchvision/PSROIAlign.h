// Empty: triton-inference-server/pytorch_backend includes torchvision's C++ headers only to link its
// operators into the backend; src/libtorch.cc uses nothing they declare.
#pragma once
