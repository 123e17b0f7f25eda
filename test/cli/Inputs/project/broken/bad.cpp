#include <c10/cuda/CUDACachingAllocator.h>

void trainBad() { undeclaredFunction(); }
int missingSemicolon = 1
