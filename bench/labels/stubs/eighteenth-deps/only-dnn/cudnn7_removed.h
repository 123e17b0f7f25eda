// Stub (eighteenth set, mihawb/dnn-lang-comparison, force-included into its cudnn/ program):
// the cuDNN 7 algorithm-selection calls and preference constants that cuDNN 8 removed (the
// headers here are cuDNN 9), which the tree uses when CUDNN_MAJOR != 8; and the host min/max
// overloads for mixed integer types that nvcc's headers declare and clang's CUDA headers do
// not. Declarations only: none creates or releases anything.
#pragma once
#include <cstddef>
#include <cudnn.h>
#define CUDNN_CONVOLUTION_FWD_PREFER_FASTEST 1
#define CUDNN_CONVOLUTION_BWD_FILTER_PREFER_FASTEST 1
#define CUDNN_CONVOLUTION_BWD_DATA_PREFER_FASTEST 1
cudnnStatus_t cudnnGetConvolutionForwardAlgorithm(...);
cudnnStatus_t cudnnGetConvolutionBackwardFilterAlgorithm(...);
cudnnStatus_t cudnnGetConvolutionBackwardDataAlgorithm(...);
unsigned long min(int a, unsigned long b);
unsigned long max(unsigned long a, unsigned long b);
