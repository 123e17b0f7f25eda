// gpuleak bench stub: a few toml++-like declarations, enough for the labelled files to
// parse. Not toml++, no behaviour. (PPO-LibTorch bundles toml++ as a submodule that the
// snapshot lacks.)
#pragma once
#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace toml {
struct source_position { unsigned line = 0, column = 0; };
struct source_region { source_position begin, end; };
class parse_error : public std::exception {
public:
    const char* what() const noexcept override { return ""; }
    std::string_view description() const noexcept { return {}; }
    const source_region& source() const noexcept { static source_region r; return r; }
};
class node_view {
public:
    node_view operator[](std::string_view) const { return {}; }
    node_view operator[](size_t) const { return {}; }
    template <typename T> std::optional<T> value() const { return std::nullopt; }
    template <typename T> T value_or(T v) const { return v; }
    std::string value_or(const char* v) const { return v; }
    explicit operator bool() const { return false; }
};
class table {
public:
    node_view operator[](std::string_view) const { return {}; }
    bool contains(std::string_view) const { return false; }
};
using parse_result = table;
table parse_file(std::string_view path);
table parse(std::string_view doc);
}  // namespace toml
