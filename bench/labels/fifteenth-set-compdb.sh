#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of fifteenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/fifteenth-set.tsv`.
# Debian packages installed for it (session 17): libsdl2-dev, libsdl2-image-dev and libeigen3-dev
# (leo-cazenille/roborobo3-wmee: the simulator's headers), libgstreamer1.0-dev and
# libgstreamer-plugins-base1.0-dev (alexvonduar/nvdsvideotemplate-example, a GStreamer plugin
# library). Qt 5 (qtbase5-dev) and zlib were already installed. Stubs: stubs/fifteenth-deps.
# Usage: bench/labels/fifteenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: fifteenth-set-compdb.sh DIR}
name=fifteenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/fifteenth-deps

t=kavinda-ravishan+A_deep_understanding_of_deep_learning_PyTorch_Cpp
# A Visual Studio solution of two programs; the labelled one is A_deep_understanding_of_deep_learning_PyTorch_Cpp/
# (pch.h, pbPlots and supportLib are in the folder).
db $t -std=c++17 -I"$dir/$t/A_deep_understanding_of_deep_learning_PyTorch_Cpp"
keep $t '^A_deep_understanding_of_deep_learning_PyTorch_Cpp/(Application|torch_functions|pbPlots|supportLib)\.cpp$'

t=Santhosh-KS+pytorch_cpp_experiments
# One small program per folder; Common/ holds the CIFAR parsers; OpenCV from stubs/opencv.
# FashionMnistData.hpp includes LibTorch 1.x's torch/csrc/WindowsTorchApiMacro.h (stubbed).
db $t -std=c++17 -I"$dir/$t/Common" -isystem "$only/only-santhosh"
keep $t '^(Cifar10SaveAndLoad/main|Cifar10/Cifar10|FashionMnist/FashionMnist|NnMnist/NnMnist|Common/[^/]*)\.cpp$'

t=jackdawe+MBP
# One qmake-style program under project/ (no build files in the snapshot): includes are
# relative to project/; Qt 5 Widgets (Debian qtbase5-dev, installed for the fourteenth set) for
# the episode players; gflags from stubs/gflags. QT_NO_KEYWORDS keeps Qt's `slots` macro away
# from LibTorch's headers (its headers #undef slots around LibTorch and define it back to
# Q_SLOTS); -Wno-c++11-narrowing as GCC of 2020 accepted torch::zeros({batchSize, v.size()}).
# ForwardGW's constructor (forwardgw.cpp:45, :50) uses Conv2dOptions::output_padding of
# LibTorch 1.4's transposed Conv2d (now ConvTranspose2d): two errors there, forward() parses.
db $t -std=c++17 -fPIC -DQT_NO_KEYWORDS -Wno-c++11-narrowing "${qt[@]}" -I"$dir/$t/project"

t=Ktomoya912+torch_cpp
# CMakeLists.txt: include_directories(head); the three LibTorch programs (play_greedy_nn,
# mcts_nn, exp_nn) with head/NN_AI.cpp; zlib (Debian zlib1g-dev, already installed).
db $t -std=c++17 -I"$dir/$t/head"
keep $t '^(play/(play_greedy_nn|mcts_nn|play_exp)|head/NN_AI)\.cpp$'

t=leo-cazenille+roborobo3-wmee
# roborobo3/Makefile: -Iinclude/ext -Iinclude/contrib -Iinclude/core -Iprj/, Eigen 3 (Debian
# libeigen3-dev) and SDL 2 (Debian libsdl2-dev, libsdl2-image-dev: the core headers include
# them). The snapshot lacks its data images, so checkout.sh lays out sources only (the Makefile
# is not laid out). Only the WMEE project and its TemplateEE base are kept (the simulator core
# holds no LibTorch code, and the whole program is 100+ units).
r=$dir/$t/roborobo3
db $t -std=c++17 -I"$r/include/ext" -I"$r/include/contrib" -I"$r/include/core" -I"$r/prj" \
  -isystem /usr/include/eigen3 -isystem /usr/include/SDL2
keep $t '^roborobo3/prj/(WMEE|TemplateEE)/src/[^/]*\.cpp$'

t=mabdullahsoyturk+cudnn-resnet
# Makefile-free CUDA program: include/ and src/ (added by make-compdb.py), cuDNN from the CUDA
# toolkit's headers (cuDNN 9 here; every API the tree calls still exists).
db $t -std=c++17

t=zzzc18+resnet_cudnn
# Makefile: -Isrc, OpenCV (stubs/opencv), cnpy (linked from /usr/local, absent: its npy_save
# declaration is stubbed in stubs/fifteenth-deps/only-zzzc18, with OpenCV's old
# opencv2/highgui/highgui.hpp path). src/blob.h uses std::array without including <array>
# (GCC's headers brought it in through <string>), and ImageNetParser.h and network.cu use
# std::sort and std::shuffle without <algorithm>: -include array -include algorithm.
db $t -std=c++17 -I"$dir/$t/src" -isystem "$only/only-zzzc18" -include array -include algorithm

t=alexvonduar+nvdsvideotemplate-example
# A DeepStream 6.2 custom library (nvdsvideotemplate/customlib_impl/Makefile). GStreamer from
# Debian (libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev, through pkg-config); DeepStream's
# sources/includes, NPP (not in this CUDA toolkit), OpenCV's CUDA module and TensorRT 8's Caffe
# parser are not here: the names the labelled units use are declared in
# stubs/fifteenth-deps/only-nvds; TensorRT and OpenCV otherwise come from stubs/tensorrt and
# stubs/opencv.
n=$dir/$t/nvdsvideotemplate
db $t -std=c++17 -fPIC -DDS_VERSION='"6.2.0"' -I"$n/includes" -I"$n/customlib_impl" \
  -I"$n/common/algorithm/cuda" -I"$n/common/algorithm/trt" -I"$dir/$t/3rdparty/rapidjson-1.1.0/include" \
  -isystem "$only/only-nvds" -include "$only/only-nvds/nvds-extras.h" -Wno-c++11-narrowing \
  $(pkg-config --cflags gstreamer-1.0 gstreamer-base-1.0 gstreamer-video-1.0)
keep $t '^nvdsvideotemplate/(customlib_impl/(customlib_impl|customlib_trt)|common/algorithm/trt/trt_inference)\.cpp$'
