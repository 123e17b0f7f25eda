// Declarations-only stand-in for the yaml-cpp names monodepth2.cpp's config header uses
// (YAML::Node, NodeType); the configuration holds strings and numbers, no tensors.
#pragma once
#include <cstddef>
#include <string>
namespace YAML {
struct NodeType {
  enum value { Undefined, Null, Scalar, Sequence, Map };
};
class Node {
 public:
  Node();
  NodeType::value Type() const;
  template <class T> Node& operator=(const T& rhs);
  template <class Key> Node operator[](const Key& key);
  template <class Key> const Node operator[](const Key& key) const;
  template <class T> T as() const;
  template <class T, class S> T as(const S& fallback) const;
  explicit operator bool() const;
  bool IsDefined() const;
  std::size_t size() const;
};
Node LoadFile(const std::string& filename);
}  // namespace YAML
