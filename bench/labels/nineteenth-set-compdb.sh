#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of nineteenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/nineteenth-set.tsv`.
# Debian packages: none installed for this set (Qt 5, Boost, ROS, PCL, OpenCV are absent:
# the stubs under stubs/ and stubs/nineteenth-deps/only-<tree> declare the names the
# labelled files and the files their reasons lean on use; declarations only, no stub decides
# a label).
# The databases keep the labelled units and the units the labels' reasons lean on (callers
# and callees, per nineteenth-set-notes.md), so that every unit is analysed (at most 40 per
# database) within a reasonable time at -j1 on a shared machine.
# Usage: bench/labels/nineteenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: nineteenth-set-compdb.sh DIR}
name=nineteenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/nineteenth-deps
# OpenCV calls, constants and cv::String the shared OpenCV stub lacks (session 22): force-included
# into vigilant-driving, PointPainting, creste_realtime, dnn_c and monodepth2.
cvx=(-include "$only/only-opencvextra/opencv_extra.h")

# nlohmann json (hipc21, AlphaZero-Connect6 include it; not installed): the single-header
# library that generals-ai vendors (external/include/nlohmann), linked alone into
# DIR/.nineteenth-json so that the tree's other vendored headers stay off those paths.
json=$dir/.nineteenth-json
mkdir -p "$json"
ln -sfn "$dir/BrandenXia+generals-ai/external/include/nlohmann" "$json/nlohmann"

t=ActiveIntelligentSystemsLab+pytorch_enet_ros
# ROS 1 (roscpp, cv_bridge, image_transport, tf2_ros, the messages) and the package's
# semantic_segmentation_srvs service are declared in only-ros. Units: the three labelled ROS
# node classes and the four wrapper units whose get_output runs the forward.
db $t -std=c++17 -isystem "$only/only-ros" -include "$only/only-opencv3/opencv3_compat.h"
keep $t '^src/impl/pytorch_(seg|seg_trav|seg_trav_path)_ros\.cpp$|^src/impl/pytorch_cpp_wrapper_(base|seg|seg_trav|seg_trav_path)\.cpp$'

t=BrandenXia+generals-ai
# C++23 (CMake), external/include for its vendored argparse, indicators, magic_enum, json;
# <format>/<mdspan> (absent from libstdc++ 12) declared in only-generals; raylib from
# stubs/raylib, spdlog from stubs/spdlog.
db $t -std=c++23 -I"$dir/$t/external/include" -isystem "$only/only-generals"
keep $t '^src/(train|network|evaluation)\.cpp$'

t=Chrisa142857+Lightsheet_microscopy_image_3D_nuclei_instance_segmentation
db $t -std=c++17
keep $t '^cpp/(flow_op|gnn_stitch_gap|loop_unet|main)\.cpp$'

t=DarianGratton+MajorProject
# Visual Studio project: Agent/include (vendored Eigen) on the path; ACERAgent.cpp uses
# std::ofstream/ifstream without <fstream> (MSVC's <iostream> brought it in): force-included.
db $t -std=c++17 -I"$dir/$t/Agent/include" -include fstream
keep $t '^Agent/src/(Agent|Networks/ACER/(ACERAgent|ActorCriticNetwork|ReplayMemory)|Networks/TestEnvironment/AgentTest)\.cpp$'

t=JoshVarty+AlphaZeroCpp
db $t -std=c++17
keep $t '^(src/(monte_carlo_tree_search|trainer|game)|test/model_tests)\.cpp$'

t=Kevin4ch+TorchSegmentationInference
# OpenCV 3 constants (CV_BGR2RGB, CV_THRESH_*) and cv::threshold: only-opencv3, force-included.
db $t -std=c++17 -include "$only/only-opencv3/opencv3_compat.h"

t=RVirmoors+rolypoly
# CMake: backend/include on the path. rolypoly_tilde.cpp is a Max external: Cycling '74's
# min-api and craigsapp's midifile are declared in only-rolypoly.
# MSVC built it: <fstream> and _ASSERT come from only-rolypoly/msvc_compat.h (force-included).
db $t -std=c++17 -I"$dir/$t/source/projects/backend/include" -isystem "$only/only-rolypoly" \
  -include "$only/only-rolypoly/msvc_compat.h"
keep $t '^source/projects/(pretrain/pretrain|backend/test/(test|test-toy-01basic|test-toy-04ensemble)|rolypoly_tilde/rolypoly_tilde)\.cpp$'

t=RobbinDG+SLI-App
# LibTorch < 1.5's torch::nn::BatchNorm (CNN.cpp, after Conv1d layers) aliased to BatchNorm1d
# (only-sliapp, force-included; session 22).
db $t -std=c++17 -include "$only/only-sliapp/libtorch_batchnorm1d.h"
keep $t '^source/classifier/(environments/(ClassifyEnvironment|TestEnvironment|KFoldCrossValidationEnv)|results/TestResult|CNN|data)\.cpp$'

t=TengFeiHan0+monodepth2.cpp
# CMake adds every folder under include/monodepth (the sources include "metric_logger.h",
# <build.h>, "samplers/build.h", ...); WITH_CUDA stays undefined (trainer.cpp:105's label is
# in the other branch).
incs=()
while IFS= read -r d; do incs+=(-I"$d"); done < <(find "$dir/$t/include/monodepth" -type d | sort)
# yaml-cpp (config/defaults.h) is declared in only-monodepth.
db $t -std=c++17 "${incs[@]}" -isystem "$only/only-monodepth" \
  -include "$only/only-opencv3/opencv3_compat.h" "${cvx[@]}"
keep $t '^(demo/main|src/monodepth/(engine/trainer|utils/metric_logger))\.cpp$'

t=Thanduriel+StableNN
# The labelled headers (nn/nnintegrator.hpp, nn/train.hpp, evaluation/stability.hpp) are
# parsed through the two programs that instantiate them and stability.cpp. They use
# std::ofstream/ifstream without <fstream> (MSVC's <iostream> brought it in): force-included.
# LibTorch <= 1.8's torch::eig (removed from LibTorch 2) is declared in only-stablenn
# (force-included; session 22).
db $t -std=c++17 -include fstream -include "$only/only-stablenn/libtorch18_eig.h"
keep $t '^src/(mainheateq|mainpendulum|evaluation/stability)\.cpp$'

t=alantess+vigilant-driving
db $t -std=c++17 "${cvx[@]}"

t=dhkdnduq+dnn_c
# A Windows DLL (Visual Studio project: DL/ and DL/json on the path, __declspec exports, hence
# -fms-extensions). <windows.h>, OpenCV's CUDA modules, Eigen, torchvision's resnet.h and nms.h
# are declared in only-dnnc. DL.cpp (the exported entry points, callers of the labelled
# functions) needs the TensorRT samples' argsParser/logger headers through dnn_base.hpp and is
# left out: the labels are all in dnn_module_torch.cpp and their callers are client programs.
# -Wno-parentheses: :636's `1 < n < 3E3` (MSVC warns only; clang 22 makes it an error). The unit
# still does not parse (session 22): :40 anomaly_var::batch_idx (the tree's own drift),
# logwriter.h:28 std::ofstream(std::wstring) (an MSVC library extension), :348-350/:459
# Tensor::index/index_put_ with a Tensor (LibTorch 1.x API).
db $t -std=c++17 -fms-extensions -I"$dir/$t/DL" -I"$dir/$t/DL/json" -isystem "$only/only-dnnc" \
  -include "$only/only-opencv3/opencv3_compat.h" "${cvx[@]}" -ferror-limit=0 -Wno-parentheses
keep $t '^DL/dnn_module_torch\.cpp$'

t=edisonslightbulbs+libtorch-yolov5-od
# i3d.h and io.h (absent from the tree) in only-yolov5od; cv::format in only-opencv3.
db $t -std=c++17 -isystem "$only/only-yolov5od" -include "$only/only-opencv3/opencv3_compat.h"

t=hsiangchengfun+Libtorch_C-
db $t -std=c++17
keep $t '^testproject/main\.cpp$'

t=koba-jon+LLM_cpp
# CMake: utils/ on the include path; Boost.Program_options, tokenizers-cpp and OpenMP's
# runtime calls are declared in only-llmcpp.
db $t -std=c++17 -I"$dir/$t/utils" -isystem "$only/only-llmcpp"
keep $t '^(GPT-2/src/[a-z_]+|utils/(dataloader|datasets))\.cpp$'

t=kylerobots+mnist-viewer
# Qt 5 is not installed here: the names network.cpp, main.cpp and their headers use are
# declared in only-mnistviewer. mainwindow.cpp needs uic's ui_mainwindow.h (no uic here) and is
# left out; main.cpp, which connects the GUI's signals to Network's slots, is kept.
db $t -std=c++17 -isystem "$only/only-mnistviewer"
keep $t '^src/(network|main)\.cpp$'

t=michal-szadkowski+connect6-ai
db $t -std=c++20
keep $t '^(Dqn/(Agent|ReplayMemory)|Players/(DqnPlayer|Player)|Arguments/Environments/DqnTrainEnv|Game/(Board|Game|StonePos))\.cpp$'

t=psimatis+Encode-Tree
db $t -std=c++17
keep $t '^(main|autoencoder|CustomLoaders|CSVLoader)\.cpp$'

t=revsic+AlphaZero-Connect6
# connect6.hpp: the Rust FFI declarations in Connect6/cppbind/headers; cxxopts from
# stubs/cxxopts; nlohmann json linked as above.
# LibTorch 1.3's torch::nn::BatchNorm is aliased to BatchNorm2d (only-az6, force-included).
db $t -std=c++17 -I"$dir/$t/Connect6/cppbind/headers" -isystem "$json" \
  -include "$only/only-az6/libtorch13_batchnorm.h"
keep $t '^AlphaZero/cpp_weighted/main\.cpp$'

t=trant8381+chess-dnn
db $t -std=c++17 -DHAS_CUDA
keep $t '^src/(evaluate|mcts|main|create_state|create_state_fast)\.cpp$'

t=ut-amrl+creste_realtime
# ROS 1 in only-ros, PCL and Eigen in only-pcl, yaml-cpp in only-monodepth; VTK, glog, the
# amrl_msgs service and amrl's shared/math in only-creste; no error limit.
db $t -std=c++17 -isystem "$only/only-ros" -isystem "$only/only-pcl" -isystem "$only/only-monodepth" \
  -isystem "$only/only-creste" "${cvx[@]}" -ferror-limit=0
keep $t '^src/creste_node(_main)?\.cc$'

t=vermouth1992+hipc21
# CMake: C++20. nlohmann json linked as above (the logger writes its config as json).
db $t -std=c++20 -isystem "$json"
keep $t '^libs/src/(dqn|td3|logger|off_policy_agent)\.cpp$'

t=yeshas1994+PointPainting
# Two programs: the ROS package point_painting/src/point_painting (its include/ and include/*
# folders, vendored nlohmann json) and standalone/point_painting (main.cpp, whose include/
# holds the labelled torch.h). ROS 1 in only-ros, PCL and Eigen in only-pcl, the dosCore
# websocket headers in only-pointpainting; no error limit (clang stops at 20 otherwise).
# standalone main.cpp:62 passes a std::string to std::printf: GCC (the project's compiler)
# accepts it with a warning, clang makes it an error unless -Wno-non-pod-varargs (session 22).
pp=$dir/$t/point_painting/src/point_painting/include
db $t -std=c++17 -I"$pp" -I"$pp/point_painting" -I"$pp/torch_segment" \
  -I"$dir/$t/standalone/point_painting/include" -isystem "$only/only-ros" -isystem "$only/only-pcl" \
  -isystem "$only/only-pointpainting" "${cvx[@]}" -ferror-limit=0 -Wno-non-pod-varargs
keep $t '^(point_painting/src/point_painting/src/(point_painting|torch_segment)|standalone/point_painting/main)\.cpp$'
