// Stub for bench/labels: Ipsedo/libtorch_samples uses tqdm::range(begin, end) from the
// tqdm submodule (libs/tqdm), which snapshots do not carry. Declarations only.
#pragma once
namespace tqdm {
struct range_iterator {
  int operator*() const;
  range_iterator &operator++();
  bool operator!=(const range_iterator &other) const;
};
struct range_t {
  range_iterator begin() const;
  range_iterator end() const;
};
range_t range(int begin, int end);
}  // namespace tqdm
