#include "post.h"

// The output goes to a decoder through a virtual call; the one overrider
// trains nowhere.
std::vector<Box> detect(Net &net, Decoder *decoder, const torch::Tensor &img) {
  torch::Tensor raw = net.forward(img);
  return decoder->decode(raw);
}

std::vector<Box> detectPlain(Net &net, const torch::Tensor &img) {
  torch::Tensor raw = net.forward(img);
  std::vector<Box> boxes = toBoxes(raw);
  return boxes;
}

// learnFrom() trains on it: no finding.
void adapt(Net &net, const torch::Tensor &img) {
  torch::Tensor raw = net.forward(img);
  learnFrom(raw);
}

// external() is not in the project: it may train, no finding.
void report(Net &net, const torch::Tensor &img) {
  torch::Tensor raw = net.forward(img);
  external(raw);
}
