// cuDNN 8 functions that cuDNN 9 (the headers of CUDA 13 here) removed,
// declared variadic so that code written against cuDNN 8 parses: bench/labels
// only, no behaviour. tkDNN's LSTM.cpp calls them in the constructor that
// creates its descriptors.
#pragma once
#include <cudnn.h>
cudnnStatus_t cudnnSetRNNDescriptor_v6(...);
cudnnStatus_t cudnnGetRNNWorkspaceSize(...);
cudnnStatus_t cudnnGetRNNParamsSize(...);
cudnnStatus_t cudnnRNNForwardInference(...);
