// gpuleak bench stub: a few Matplot++-like declarations, enough for the labelled files
// to parse. Not Matplot++, no behaviour: every object takes any arguments.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace matplot {
class object;
typedef std::shared_ptr<object> handle;
typedef handle figure_handle;
typedef handle axes_handle;
typedef handle line_handle;
typedef std::vector<double> vector_1d;
typedef std::vector<std::vector<double>> vector_2d;
typedef std::vector<std::vector<unsigned char>> image_channel_t;
typedef std::vector<image_channel_t> image_channels_t;
constexpr bool on = true;
constexpr bool off = false;

#define GPULEAK_STUB_METHOD(name) template <typename... A> object& name(A&&...) { return *this; }
class object {
public:
    object* operator->() { return this; }
    GPULEAK_STUB_METHOD(add_axes)
    GPULEAK_STUB_METHOD(axis)
    GPULEAK_STUB_METHOD(draw)
    GPULEAK_STUB_METHOD(font_size)
    GPULEAK_STUB_METHOD(height)
    GPULEAK_STUB_METHOD(hold)
    GPULEAK_STUB_METHOD(line_width)
    GPULEAK_STUB_METHOD(marker_color)
    GPULEAK_STUB_METHOD(marker_face_color)
    GPULEAK_STUB_METHOD(marker_size)
    GPULEAK_STUB_METHOD(nexttile)
    GPULEAK_STUB_METHOD(position)
    GPULEAK_STUB_METHOD(reactive_mode)
    GPULEAK_STUB_METHOD(show)
    GPULEAK_STUB_METHOD(size)
    GPULEAK_STUB_METHOD(tiledlayout)
    GPULEAK_STUB_METHOD(title)
    GPULEAK_STUB_METHOD(width)
    GPULEAK_STUB_METHOD(x_position)
    GPULEAK_STUB_METHOD(xlabel)
    GPULEAK_STUB_METHOD(y_position)
    GPULEAK_STUB_METHOD(ylabel)
    GPULEAK_STUB_METHOD(color)
    GPULEAK_STUB_METHOD(display_name)
    // forward is a method of figures in Matplot++ too (h->forward(...)).
    GPULEAK_STUB_METHOD(forward)
};
#undef GPULEAK_STUB_METHOD

#define GPULEAK_STUB_FUNCTION(name) template <typename... A> handle name(A&&...) { return handle(); }
GPULEAK_STUB_FUNCTION(area)
GPULEAK_STUB_FUNCTION(axis)
GPULEAK_STUB_FUNCTION(bar)
GPULEAK_STUB_FUNCTION(colorbar)
GPULEAK_STUB_FUNCTION(contour)
GPULEAK_STUB_FUNCTION(figure)
GPULEAK_STUB_FUNCTION(gca)
GPULEAK_STUB_FUNCTION(gcf)
GPULEAK_STUB_FUNCTION(heatmap)
GPULEAK_STUB_FUNCTION(hist)
GPULEAK_STUB_FUNCTION(hold)
GPULEAK_STUB_FUNCTION(image)
GPULEAK_STUB_FUNCTION(imshow)
GPULEAK_STUB_FUNCTION(legend)
GPULEAK_STUB_FUNCTION(line)
GPULEAK_STUB_FUNCTION(loglog)
GPULEAK_STUB_FUNCTION(plot)
GPULEAK_STUB_FUNCTION(scatter)
GPULEAK_STUB_FUNCTION(semilogy)
GPULEAK_STUB_FUNCTION(show)
GPULEAK_STUB_FUNCTION(stem)
GPULEAK_STUB_FUNCTION(subplot)
GPULEAK_STUB_FUNCTION(surf)
GPULEAK_STUB_FUNCTION(textarrow)
GPULEAK_STUB_FUNCTION(tiledlayout)
GPULEAK_STUB_FUNCTION(nexttile)
GPULEAK_STUB_FUNCTION(title)
GPULEAK_STUB_FUNCTION(xlabel)
GPULEAK_STUB_FUNCTION(xlim)
GPULEAK_STUB_FUNCTION(ylabel)
GPULEAK_STUB_FUNCTION(ylim)
GPULEAK_STUB_FUNCTION(zlabel)
#undef GPULEAK_STUB_FUNCTION
// Braced lists cannot be deduced by the templates above.
struct any_target { any_target() {} template <typename T> any_target(const T&) {} };
handle legend(std::vector<std::string> names);
handle legend(any_target ax, std::vector<std::string> names);
handle xlim(std::vector<double> lim);
handle xlim(any_target ax, std::vector<double> lim);
handle ylim(std::vector<double> lim);
handle ylim(any_target ax, std::vector<double> lim);
handle axis(any_target ax, std::vector<double> lim);
template <typename... A> image_channels_t imread(A&&...) { return image_channels_t(); }
template <typename T> std::vector<T> linspace(T a, T b, size_t n = 100) { return std::vector<T>(n, a); }
}  // namespace matplot
