// gpuleak bench stub: the HighFive names that the seventh set's harishkool/Pytorch-CPP
// pointnet/src/train.cpp uses, enough for it to parse. Not HighFive, no behaviour.
#pragma once
#include <string>

namespace HighFive {
class DataSet {
public:
  template <typename T> void read(T& array) const;
};
class File {
public:
  enum : unsigned { ReadOnly = 0u, ReadWrite = 1u };
  File(const std::string& filename, unsigned openFlags = ReadOnly);
  DataSet getDataSet(const std::string& name) const;
};
}  // namespace HighFive
