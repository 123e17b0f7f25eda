#include "encoder.h"

void Cache::drop() { cudaFree(buf_); }
