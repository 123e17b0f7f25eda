// Forced include (tenth set, lingtengqiu/LibTorch_RefineDet only): refine_det.cpp names
// `string` unqualified, which the LibTorch 1.0 headers it was written against let through
// (a using-declaration of std::string at global scope); LibTorch 2.11's do not.
#pragma once
#include <string>
using std::string;
