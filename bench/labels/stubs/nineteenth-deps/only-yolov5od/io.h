// Declarations-only stand-in for the author's io.h (file helpers), absent from the tree;
// od.cpp includes it but calls nothing of it on the labelled path.
#pragma once
#include <string>
namespace io {
std::string pwd();
}
