#include <cuda_runtime.h>
#include <cstddef>
void *cuda_alloc(size_t size);
void cuda_free(void *ptr);
float *borrow_scratch(size_t size);
