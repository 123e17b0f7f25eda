// cuDNN 7 names that cuDNN 8 removed (the CUDA 13 headers here hold cuDNN 9): c-dafan's
// layers.cpp picks its convolution algorithm with them. Declarations only, force-included.
#pragma once
#include <cudnn.h>
typedef enum {
  CUDNN_CONVOLUTION_FWD_NO_WORKSPACE = 0,
  CUDNN_CONVOLUTION_FWD_PREFER_FASTEST = 1,
  CUDNN_CONVOLUTION_FWD_SPECIFY_WORKSPACE_LIMIT = 2,
} cudnnConvolutionFwdPreference_t;
cudnnStatus_t cudnnGetConvolutionForwardAlgorithm(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                  cudnnFilterDescriptor_t,
                                                  cudnnConvolutionDescriptor_t,
                                                  cudnnTensorDescriptor_t,
                                                  cudnnConvolutionFwdPreference_t, size_t,
                                                  cudnnConvolutionFwdAlgo_t*);
