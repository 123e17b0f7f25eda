// Declarations-only stand-in for Matplot++ (twenty-second set, Aarivvk/simple_yolo): the members
// that include/utils/matplot.hpp names (DataPloter). On -I ahead of stubs/matplotplusplus,
// whose object lacks add_subplot, legend, plot and should_close. No bodies run anything.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace matplot {
class line;
class axes_type;
class figure_type;
using line_handle = std::shared_ptr<line>;
using axes_handle = std::shared_ptr<axes_type>;
using figure_handle = std::shared_ptr<figure_type>;
constexpr bool on = true;
constexpr bool off = false;

class line {
public:
  line &line_width(float w);
  line &color(std::string c);
};

class axes_type {
public:
  void title(std::string s);
  void xlabel(std::string s);
  void ylabel(std::string s);
  void legend(std::vector<std::string> names);
  void hold(bool v);
  line_handle plot(const std::vector<double> &x, const std::vector<double> &y);
};

class figure_type {
public:
  void reactive_mode(bool v);
  void title(std::string s);
  void size(unsigned w, unsigned h);
  axes_handle add_subplot(size_t rows, size_t cols, size_t index);
  void draw();
  bool should_close();
};

figure_handle figure();
bool save(const std::string &filename);
} // namespace matplot
