// Declarations only, for bytedance/lightseq (twenty-first set): the HDF5 types and calls that
// lightseq/inference/tools/util.h and the weight headers name (the library is not installed).
#pragma once
#include <cstdint>
typedef int64_t hid_t;
typedef int herr_t;
typedef unsigned long long hsize_t;
// The calls of lightseq/inference/tools/util.cc.cu (the kernels' and GEMM helpers' unit, a
// callee of the labelled encoders), so that it parses and its summaries reach the index.
typedef int htri_t;
#define H5P_DEFAULT 0
#define H5S_ALL 0
extern "C" {
hid_t H5Dopen2(hid_t loc, const char *name, hid_t dapl);
hid_t H5Dget_space(hid_t dset);
int H5Sget_simple_extent_ndims(hid_t space);
int H5Sget_simple_extent_dims(hid_t space, hsize_t *dims, hsize_t *maxdims);
htri_t H5Lexists(hid_t loc, const char *name, hid_t lapl);
herr_t H5Dread(hid_t dset, hid_t mem_type, hid_t mem_space, hid_t file_space, hid_t plist,
               void *buf);
herr_t H5Dclose(hid_t dset);
}
