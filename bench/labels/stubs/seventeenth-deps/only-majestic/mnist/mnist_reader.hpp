// Stub (seventeenth set, cuda-neural-network-project): the declaration of wichtounet/mnist's
// reader that device_dataset.cu calls.
#pragma once
#include <string>
namespace mnist {
template <template <typename...> class Container, template <typename...> class Sub, typename Pixel, typename Label>
struct MNIST_dataset {
  Container<Sub<Pixel>> training_images;
  Container<Sub<Pixel>> test_images;
  Container<Label> training_labels;
  Container<Label> test_labels;
};
template <template <typename...> class Container, template <typename...> class Sub, typename Pixel, typename Label>
MNIST_dataset<Container, Sub, Pixel, Label> read_dataset(const std::string& folder = "");
}
