// woojinsoh/cudnn_mnist's layer.cu includes <cublas.h> (legacy API) before utils.h includes
// <cublas_v2.h>; CUDA 13's headers refuse both in one unit. layer.cu calls only the v2 API
// (cublasSgemm etc. with a cublasHandle_t), so this shadow (on -I, ahead of the CUDA headers)
// forwards to <cublas_v2.h>.
#pragma once
#include <cublas_v2.h>
