#include "buffer.h"

void ObsBuffer::insert(torch::Tensor obs) {
  buf.index({torch::indexing::Slice(), torch::indexing::Slice(50, 60)}) = obs;
}
void ObsBuffer::keep(const torch::Tensor &obs) { kept.push_back(obs); }
torch::Tensor ObsBuffer::get() { return buf; }
