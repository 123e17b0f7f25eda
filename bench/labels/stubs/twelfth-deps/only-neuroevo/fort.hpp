// Stub of libfort's C++ API (twelfth set, jamesbut/NeuroEvo only): the names util/factory.h uses.
#pragma once
#include <cstddef>
#include <string>
namespace fort {
enum class row_type { common, header };
struct table_manipulator { int v; };
static const table_manipulator header{0}, endr{1};
struct cell_ref { void set_cell_span(std::size_t) {} };
struct row_ref {
  void set_cell_row_type(row_type) {}
  cell_ref operator[](std::size_t) { return {}; }
};
struct char_table {
  template <typename T> char_table &operator<<(const T &) { return *this; }
  row_ref operator[](std::size_t) { return {}; }
  std::string to_string() const { return {}; }
};
}  // namespace fort
