#include <cuda_runtime.h>
#include <cufft.h>
void set_scale_callback(cufftHandle plan, cufftComplex *scale);
void add_to_table(float **table, float *buf);
