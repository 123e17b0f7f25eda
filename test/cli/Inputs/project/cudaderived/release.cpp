#include "layers.h"
void freeOut(Layer *l) { cudaFree(l->out_); }
