// gpuleak bench stub (crim-ca/crim-libtorch-extensions): cv::utils::fs, names only
#pragma once
#include <string>
#include <vector>
#include <opencv2/opencv.hpp>
namespace cv { namespace utils { namespace fs {
std::string join(const std::string &base, const std::string &path);
std::string canonical(const std::string &path);
bool exists(const std::string &path);
bool isDirectory(const std::string &path);
bool createDirectory(const std::string &path);
bool createDirectories(const std::string &path);
void glob(const std::string &directory, const std::string &pattern, std::vector<std::string> &result,
          bool recursive = false, bool includeDirectories = false);
}}}
