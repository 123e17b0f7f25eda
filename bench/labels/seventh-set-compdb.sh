#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of seventh-set.tsv
# that need flags beyond scripts/make-compdb.py's defaults (bench/score-labels.py uses a
# tree's build/compile_commands.json when there is one, and writes its own otherwise).
# The flags come from the trees' CMake files (C++ standard, include folders, definitions,
# precompiled headers) and from the libraries installed here (OpenCV 4, Qt 5); stub folders
# under bench/labels/stubs are added last, as the scorer does. Run it after
# `bench/labels/checkout.sh DIR bench/labels/seventh-set.tsv`.
# Usage: bench/labels/seventh-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: seventh-set-compdb.sh DIR}
name=seventh-set-compdb
print_db=1
source "$(dirname "$0")/compdb-lib.sh"

# CMake: C++20, include dirs src/ and src/ReinforcementLearning/ (its precompiled headers
# <torch/torch.h> and <SDL3/SDL.h> are not forced in: the labelled files include both
# through their headers, and 26 units that each parse LibTorch cost too much time here).
# C++23 instead of 20: Tools/Vec2.h declares a constexpr function returning a non-literal
# type, which GCC lets through until it is evaluated and clang rejects before C++23.
# ReinforcementLearning/Reward.h dynamic_casts to TownHall without including its header,
# which clang rejects in the template's definition (GCC waits for an instantiation):
# TownHall.h is included first.
db Skyfrei+Saya -std=c++2b -I"$dir/Skyfrei+Saya/src" -I"$dir/Skyfrei+Saya/src/ReinforcementLearning" \
  -include "$dir/Skyfrei+Saya/src/Race/Structure/TownHall.h"
# CMake: C++20, include/ as the include root, the grid-search values as definitions
# (any numbers; they are hyper-parameters).
db ianlienfa+BBGym-RL -std=c++20 -I"$dir/ianlienfa+BBGym-RL/include" -DV_HIDDEN_DIM=64 \
  -DV_MAX_NUM_CNTR=10 -DV_LR_PI=0.0003 -DV_LR_Q=0.001 -DWITHOUT_NUMPY
# CMake: src/ is the include root ("core/PPOAgent.h").
# Python's headers for pybind11/embed.h (the Gym bridge; CMake: find_package(Python3)).
db PranMahe+PPO-for-LibTorch-CXX -I"$dir/PranMahe+PPO-for-LibTorch-CXX/src" \
  -isystem "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
# CMake: target_include_directories(src), OpenCV, yaml-cpp and nlohmann_json (installed).
db ZHT1235456+Libtorch-SACPendulum-v1 -I"$dir/ZHT1235456+Libtorch-SACPendulum-v1/src" "${opencv[@]}"
db python450+Libtorch-GAN "${opencv[@]}"
db SteEsp+TinyNeRF-LibTorch-Renderer "${opencv[@]}"
# CMake: Qt5 Widgets (AUTOMOC; moc output is not needed to parse).
db songsi1111+TetrisForAI-Libtorch-C- "${qt[@]}"
db kashimAstro+libtorch-samples "${opencv[@]}"
# OpenCV 3's CV_BGR2RGB comes from the C API header that OpenCV 4 no longer includes.
db wsx000+YOLOv4-LibTorch-GPU-deployment "${opencv[@]}" -include opencv2/imgproc/types_c.h
# OpenCV 3's CV_GRAY2BGR and CV_FOURCC, from the C API headers OpenCV 4 no longer includes.
db 565353780+libtorch-detect "${opencv[@]}" "${qt[@]}" -include opencv2/imgproc/types_c.h \
  -include opencv2/videoio/legacy/constants_c.h
# CMake: C++20 (abbreviated function templates: 'auto &' parameters), OpenCV.
# Separate programs; CNN_MNIST/CMakeLists.txt builds main.cpp and src/model.cpp, and
# DogCat_Classifier (no CMake file at this commit) main.cpp with its src/.
db ambideXtrous9+PyTorch-CPP -std=c++20 "${opencv[@]}"
keep ambideXtrous9+PyTorch-CPP '^(CNN_MNIST/(main\.cpp|src/)|DogCat_Classifier/(main\.cpp|src/))'

# CMake: include/ is public (<torch_cpp/...>), OpenCV.
db Airi116+advanced-torch-cpp -I"$dir/Airi116+advanced-torch-cpp/include" "${opencv[@]}"
db laggui+pytorch-cpp "${opencv[@]}"
# Three separate projects; only pointnet/ (train.cpp, model.cpp, input_transform.cpp) is labelled.
db harishkool+Pytorch-CPP "${opencv[@]}"
keep harishkool+Pytorch-CPP '^pointnet/src/'
# One program per .cu file (transpose/ and linear/ CMake files: add_executable per file);
# the labelled programs only.
db xiaofanshao1+CUDA_PRACTICE
keep xiaofanshao1+CUDA_PRACTICE '^(transpose/transpose\.cu|transpose/transpose_float4_v2\.cu|linear/test_cublass\.cu)$'

