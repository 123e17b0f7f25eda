// matplotlib-cpp (lava/matplotlib-cpp, not in the tree: Michmoo1/Torch_cpp's Torch_diamonds.cpp
// includes "build/matplotlib-cpp/matplotlibcpp.h" from its build folder). The two calls it
// makes, declared only.
#pragma once
#include <string>
#include <vector>
namespace matplotlibcpp {
bool plot(const std::vector<double>& y, const std::string& format = "");
void show(const bool block = true);
}  // namespace matplotlibcpp
