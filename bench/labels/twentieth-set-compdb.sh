#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twentieth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/twentieth-set.tsv`.
# Debian packages: libopencv-dev (4.6, /usr/include/opencv4, ahead of stubs/opencv) and
# libdlib-dev (19.24, /usr/include/dlib), both installed for this set with apt-get. Absent
# libraries (matplotlib-cpp, TRTorch, jsoncpp, Eigen's unsupported Tensor, ...) are declared
# in stubs/twentieth-deps/only-<name>: declarations only, no stub decides a label.
# The databases keep the labelled units and the units the labels' reasons lean on (callers
# and callees, per twentieth-set-notes.md).
# Usage: bench/labels/twentieth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twentieth-set-compdb.sh DIR}
name=twentieth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/twentieth-deps
# The LibTorch 1.0 API (jit::load returning a shared_ptr, ::Reduction): only-libtorch10.
lt10=(-include "$only/only-libtorch10/libtorch10_compat.h")

# nlohmann json for retinaface: the single header that tree vendors at its top level
# (json.hpp), linked as DIR/.twentieth-json/nlohmann/json.hpp.
json=$dir/.twentieth-json
mkdir -p "$json/nlohmann"
ln -sfn "$dir/linkevinlin+retinaface_pytorch_cpp/json.hpp" "$json/nlohmann/json.hpp"

t=EmreOzkose+pytorch_cpp
# Six separate programs (b1..b6). b2/main.cpp includes models.cpp and dataloader.cpp itself;
# b5/server.cpp includes <server.h>, <model.h> from b5/include (on the path through make-compdb).
db $t -std=c++17 "${opencv[@]}"
keep $t '^b[2-6]/(main|inference|server)\.cpp$'

t=Michmoo1+Torch_cpp
# matplotlib-cpp (its build/ folder is absent) declared in only-michmoo.
db $t -std=c++17 -isystem "$only/only-michmoo"
keep $t '^(Torch_diamonds|torch_app)\.cpp$'

t=sahamrit+pytorch_cpp_frontend
db $t -std=c++17

t=sandstorm12+pytorch_cpp_samples
db $t -std=c++17
keep $t '^sample_load_pretrained/'

t=mathbarc+torch_cpp_learning
db $t -std=c++17
keep $t '^linear/linear_regressor\.cpp$'

t=mhubii+navigation
db $t -std=c++17 -I"$dir/$t/include/navigation"
keep $t '^(src/(q_learning|ddpg_continuous_control|replay_memory|ornstein_uhlenbeck_process)|utils/example_dqn)\.cpp$'

t=kamisaberi+xtorch
db $t -std=c++17 -I"$dir/$t/include"
keep $t '^src/trainers/trainer\.cpp$'

t=pebblebed+torch-c-
db $t -std=c++20 -I"$dir/$t"
keep $t '^demos/(charformer-shakespeare|mnist-compare)\.cpp$'

t=woojinsoh+cudnn_mnist
# <cublas.h> shadowed by only-woojinsoh/cublas.h (on -I: searched before the CUDA headers),
# which forwards to <cublas_v2.h>: CUDA 13 refuses both headers in one unit (layer.cu).
db $t -std=c++17 -I"$dir/$t/include" -I"$dir/$t/include/models" -I"$dir/$t/include/utils" \
  -I"$only/only-woojinsoh"
keep $t '^src/(main|model/(model|layer|fused_layer|loss))\.cu$'

t=qaz9517532846+mnist_cudnn
# Eigen's unsupported Tensor headers (included by Layer.h, used only by Pad.cu, not kept) are
# empty in only-mnistcudnn; nvcc's host ::min(int, int) declared there (Loss.cu:95).
db $t -std=c++17 -I"$dir/$t/include/mnist_cudnn" -isystem "$only/only-mnistcudnn" \
  -include "$only/only-mnistcudnn/nvcc_minmax.h"
keep $t '^src/(Layer/(Rnn|FusedBatchNormalization|Conv2D|Layer)\.cu|Loss/Loss\.cu|Helper/Helper\.cpp)$'

t=theProgrammingBox+cudnnNetworkModeler
db $t -std=c++17

t=c-dafan+cuDNN_LeNet
# Visual Studio project: <opencv2\opencv.hpp> (backslash) forwarded to the OpenCV stub by
# only-cdafan, which also declares jsoncpp's Value/Reader and cuDNN 7's
# cudnnGetConvolutionForwardAlgorithm (force-included); OpenCV 3's CV_BGR2GRAY from
# nineteenth-deps/only-opencv3. MSVC's headers brought <cstring> and the CUDA runtime's
# template cudaMalloc(T**, size_t) into these .cpp files: <cstring> and <cuda_runtime.h>
# force-included.
db $t -std=c++17 -isystem "$only/only-cdafan" -include cstring -include cuda_runtime.h \
  -include "$only/only-cdafan/cudnn7_removed.h" \
  -include "$here/stubs/nineteenth-deps/only-opencv3/opencv3_compat.h"
keep $t '^Hello/Hello/(layers|main_time|util|cpu_layer)\.cpp$'

t=GGasset+CudNN
db $t -std=c++17
keep $t '^(NN|IConnections|ILayer|DenseConnections|NeatConnections|NeuronLayer|LSTMLayer)\.cu$'

t=oO-MorbaK-Oo+xor_cublas_cudnn
# "Linear.cuh", "Tensor.cuh", ... (the files are lower case: a case-insensitive file system on
# the author's side) forwarded by only-xorcudnn.
db $t -std=c++17 -isystem "$only/only-xorcudnn"
keep $t '^src/(main|tensor|activation|global|linear)\.cu$'

t=linkevinlin+retinaface_pytorch_cpp
db $t -std=c++17 "${opencv[@]}" -isystem "$json"
keep $t '^(detect_face|utils|image_utils)\.cpp$'

t=NguyenVanThanhHust+Pytorch_CPP
db $t -std=c++17
keep $t '^(2_basics/main|4_logistic_regression/main|5_feedforward_neural_network/src/(main|neural_net))\.cpp$'

t=hotsuyuki+YOLOv5_PyTorch_cpp
db $t -std=c++17 "${opencv[@]}"

t=hotsuyuki+SSD300_PyTorch_cpp_TRTorch
# TRTorch 0.0.3's headers are vendored (src/trtorch_v0-0-3/include, on the path through
# make-compdb); TensorRT from stubs/tensorrt.
db $t -std=c++17 "${opencv[@]}"

t=avinashsai+pytorch_cpp
db $t -std=c++17

t=luolinll1212+pytorch_cpp_tutorial
db $t -std=c++17 "${opencv[@]}"
keep $t '^day03_custom_dataset_mnist_cpu/main\.cpp$'

t=lingtengqiu+pytorch_cpp
# LibTorch 1.0 API; example-app.cpp's "aux.h" (absent, nothing of it used) is empty in
# only-lingtengqiu.
db $t -std=c++17 "${lt10[@]}" -isystem "$only/only-lingtengqiu"

t=JuliusSuryaS+pytorch_cpp_example
# Visual Studio project: LibTorch 1.0 API, OpenCV, dlib (Debian's libdlib-dev); windows.h's
# GetCurrentDirectory declared in only-julius (force-included). main.cpp names `string`
# unqualified, which the old headers let through: tenth-deps/only-refinedet's using-std-string.h.
# OpenCV 3's C constants, renamed in OpenCV 4 (Debian 12's), by their OpenCV 4 names.
db $t -std=c++17 "${opencv[@]}" "${lt10[@]}" -include "$only/only-julius/windows_compat.h" \
  -include "$here/stubs/tenth-deps/only-refinedet/using-std-string.h" \
  -DCV_BGR2GRAY=cv::COLOR_BGR2GRAY -DCV_HAAR_SCALE_IMAGE=cv::CASCADE_SCALE_IMAGE

t=shotahirama+pytorch_cpp_samples
db $t -std=c++17 "${opencv[@]}" "${lt10[@]}"

t=snakch+pytorch_cpp_example
db $t -std=c++17

t=zacario-li+libtorch_cpp_mobilenetv2_5classes
db $t -std=c++17 "${opencv[@]}" -I"$dir/$t/c++/inc"

t=shnhrtkyk+pytorch_cpp
db $t -std=c++17
keep $t '^(dcgan/dcgan|makeapp/load)\.cpp$'

t=Midhilesh29+pytorch_cpp
db $t -std=c++17
