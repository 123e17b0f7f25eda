#include "layer.h"

void Layer::freeOutput() {
  if (output_)
    cudaFree(output_);
}
