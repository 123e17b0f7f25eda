// gpuleak bench stub for George-Hotz/yolov8_seg_tensorRT (force-included by
// sixteenth-set-compdb.sh): the names its units use beyond stubs/opencv and stubs/tensorrt.
// Declarations only, no behaviour. The tree's units use assert() without <cassert> (the
// TensorRT sample headers brought it in).
#pragma once
#include <algorithm>
#include <cassert>
#include <memory>
#include <opencv2/opencv.hpp>
#include "NvInfer.h"
#include "buffers.h"

namespace cv {
void subtract(InputArray src1, InputArray src2, OutputArray dst, InputArray mask = noArray(), int dtype = -1);
void divide(InputArray src1, InputArray src2, OutputArray dst, double scale = 1, int dtype = -1);
void multiply(InputArray src1, InputArray src2, OutputArray dst, double scale = 1, int dtype = -1);
void hconcat(InputArrayOfArrays src, OutputArray dst);
void invertAffineTransform(InputArray M, OutputArray iM);
std::string format(const char* fmt, ...);
enum { THRESH_BINARY = 0 };
enum { CMP_EQ = 0 };
double threshold(InputArray src, OutputArray dst, double thresh, double maxval, int type);
void bitwise_and(InputArray src1, InputArray src2, OutputArray dst, InputArray mask = noArray());
void compare(InputArray src1, InputArray src2, OutputArray dst, int cmpop);
void addWeighted(InputArray src1, double alpha, InputArray src2, double beta, double gamma, OutputArray dst, int dtype = -1);
template <typename T> struct MatCommaInitializer_ {
    template <typename T2> MatCommaInitializer_& operator,(T2 v);
    operator Mat() const;
};
template <typename T> class Mat_ : public Mat {
public:
    Mat_(int rows, int cols);
    template <typename T2> MatCommaInitializer_<T> operator<<(T2 v);
};
}  // namespace cv

// postprocess.cu calls an unqualified min(int, int) in host code (nvcc's math headers provide
// one for host and device).
using std::min;
using std::max;

namespace samplesCommon {
// TensorRT samples' BufferManager (samples/common/buffers.h), as engine.h/engine.cu use it.
class BufferManager {
public:
    explicit BufferManager(std::shared_ptr<nvinfer1::ICudaEngine> engine, int batchSize = 0,
                           const nvinfer1::IExecutionContext* context = nullptr);
    void* getDeviceBuffer(const std::string& tensorName) const;
    void* getHostBuffer(const std::string& tensorName) const;
    std::vector<void*>& getDeviceBindings();
    void copyInputToDevice();
    void copyOutputToHost();
    void copyInputToDeviceAsync(const cudaStream_t& stream = 0);
    void copyOutputToHostAsync(const cudaStream_t& stream = 0);
};
}  // namespace samplesCommon
