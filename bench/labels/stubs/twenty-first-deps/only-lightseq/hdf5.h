// Declarations only, for bytedance/lightseq (twenty-first set): the HDF5 types and calls that
// lightseq/inference/tools/util.h and the weight headers name (the library is not installed).
#pragma once
#include <cstdint>
typedef int64_t hid_t;
typedef int herr_t;
typedef unsigned long long hsize_t;
