#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of ninth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one, and
# writes its own otherwise). The flags come from the trees' build files (CMake, Visual
# Studio, setup.py: C++ standard, include folders, definitions) and from the libraries
# installed here (OpenCV 4, Eigen 3, glog, gtest, Google Benchmark, Boost.Filesystem,
# Python 3.11); stub folders under bench/labels/stubs are added last, as the scorer does.
# Each database keeps the units of the programs the labels are in (keep). Run it after
# `bench/labels/checkout.sh DIR bench/labels/ninth-set.tsv`.
# Usage: bench/labels/ninth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: ninth-set-compdb.sh DIR}
name=ninth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
python_inc=(-isystem /usr/include/python3.11)

# front TREE REGEX FLAGS...: puts FLAGS first (after the compiler) in the entries whose path,
# relative to the tree, matches REGEX; for trees holding several programs whose headers
# share names (each program's own folders must be searched first).
front() {
  python3 - "$dir/$1" "$2" "${@:3}" <<'PY'
import json, os, re, sys
tree, rx, flags = sys.argv[1], re.compile(sys.argv[2]), sys.argv[3:]
path = os.path.join(tree, "build", "compile_commands.json")
entries = json.load(open(path))
for e in entries:
    if rx.search(os.path.relpath(e["file"], tree)):
        e["arguments"] = e["arguments"][:1] + flags + e["arguments"][1:]
json.dump(entries, open(path, "w"), indent=1)
PY
}

# subdirs DIR: -I for DIR and every folder below it (trees that include by bare file name
# from sibling folders, as their CMake include_directories lists do).
subdirs() {
  find "$1" -type d -not -path '*/.*' -printf '-I%p\n' | sort
}

t=bansheerubber+ai-dsl-runtime
# CMake: one shared library airt of src/, src/api, src/ppo; -std=c++20.
db $t -std=c++20
keep $t '^src/'

t=lasagnaphil+fastrl
# CMake: include/ public, the bundled tensorboard_logger; MPI, the pre-1.9 c10d headers
# (c10d/ProcessGroup.hpp), protobuf's generated event.pb.h and toml11 are not here: their
# stubs sit in stubs/fastrl-deps/only-fastrl, given to this tree alone (generic names). The
# test environments use std::array without including <array> (GCC's <tuple> pulls it in).
db $t -I"$dir/$t/include" -I"$dir/$t/deps/tensorboard_logger/include" \
  -isystem "$here/stubs/fastrl-deps/only-fastrl" -include array
keep $t '^(src/fastrl\.cpp|test/test_(cartpole|pendulum|mountain_car)_env\.cpp)$'

t=willwin4sure+sprl
# cpp/CMakeLists.txt: C++20, include_directories(cpp/src); the Evaluate program (Evaluate.cpp
# and the shared sources of cpp/src/*/), which runs GridNetwork through UCTTree.
# games/GoNode.hpp includes "../utils/zobrist.hpp" for utils/Zobrist.hpp (case): the
# anchor folder of stubs/sprl-case/only-sprl makes that name resolve to the real header.
db $t -std=c++20 -I"$dir/$t/cpp/src" -I"$here/stubs/sprl-case/only-sprl/anchor"
keep $t '^cpp/src/(Evaluate\.cpp|[a-z]+/[A-Za-z0-9_]+\.cpp)$'

t=prabhuomkar+pytorch-cpp
# One CMake project per tutorial, each with its own include/ (several hold headers of the
# same name), plus utils/image_io; cxxopts is fetched by CMake (stubs/cxxopts).
db $t -I"$dir/$t/utils/image_io/include"
keep $t '^tutorials/(intermediate/language_model|advanced/(image_captioning|neural_style_transfer|variational_autoencoder|generative_adversarial_network)|popular/blitz/training_a_classifier)/'
for p in intermediate/language_model advanced/image_captioning advanced/neural_style_transfer \
         advanced/variational_autoencoder popular/blitz/training_a_classifier; do
  front $t "^tutorials/$p/" -I"$dir/$t/tutorials/$p/include"
done

t=harrism+cuda_event_benchmark
# CMake: C++14 with Google Benchmark (libbenchmark-dev).
db $t
keep $t '^event_bench\.cpp$'

t=ruykaji+layout-viewer
# CMake (at 9edb4b5): include_directories(src, external/matplotlib) and Python's headers,
# OpenCV; matplotlibcpp is used without numpy here.
db $t -I"$dir/$t/src" -I"$dir/$t/external/matplotlib" "${python_inc[@]}" "${opencv[@]}" -DWITHOUT_NUMPY
keep $t '^src/neural_network/'

t=tusharsangam+DogBreedClassification-CNN-libtorch-Cpp
# Visual Studio project: OpenCV, Boost.Filesystem (libboost-filesystem-dev), src/pch.h.
# Source.cpp:167 writes `151 <= *prediction <= 268`, which clang 22 rejects by default
# (-Wparentheses as an error); MSVC only warns.
db $t "${opencv[@]}" -Wno-error=parentheses
keep $t '^src/(Source|dataloader|dogbreeddataset|model|transforms)\.cpp$'

t=muhammedakyuzlu+yolov5-libtorch-cpp
# CMake: include/ (cxxopts bundled), OpenCV.
db $t "${opencv[@]}"

t=fjararibet+GPU-T2
# CMake: include/; the labelled unit is the CUDA backend (the GLFW/ImGui app and the
# OpenCL backend need submodules and headers that are not here).
db $t -I"$dir/$t/include"
keep $t '^src/cuda\.cu$'

t=Harshkaushik04+Cube
# The programs of new_training/ (main.cpp trains, testing.cpp tests), headers under headers/.
db $t
keep $t '^new_training/'

t=bartelsx+GradWork
# Visual Studio project: Connect4Pytorch.cpp includes DQNAgent.cpp (and windows.h, conio.h);
# DQNAgent.cpp also parses on its own.
db $t
keep $t '^Connect4Pytorch/Connect4Pytorch/(DQNAgent|Connect4Pytorch)\.cpp$'

t=longer-is-better+cuda-practice
# Two generations of the same CUDA framework (v1, v2) whose headers share names; each
# CMake lists every folder below its src/ (and v1/Common) as include folders, with glog,
# gtest and cuDNN.
db $t
keep $t '^(v2/src/tensor/tensor\.cu|v1/tests/test_operators/test_conv2d\.cu)$'
mapfile -t v2 < <(subdirs "$dir/$t/v2/src")
mapfile -t v1 < <(subdirs "$dir/$t/v1/src"; echo "-I$dir/$t/v1/Common")
front $t '^v2/' "${v2[@]}"
front $t '^v1/' "${v1[@]}"

t=chiendb97+cuda-practice
# setup.py builds ampere/ as a torch CUDA extension; the labelled unit is the cuBLAS launcher.
db $t "${python_inc[@]}"
keep $t '^cpp/matrix_multiplication/ampere/cublas\.cu$'

t=Lornatang+MNIST-LibTorch
# CMake: include/, OpenCV; the detect, test and train programs of src/.
db $t "${opencv[@]}"

t=HughClub+MNIST-libtorch
db $t

t=Chandrahas-B+YOLO-libtorch-pipeline
# CMake: OpenCV; the inference program and the training program of src/.
db $t "${opencv[@]}"
keep $t '^src/(inference|main)\.cpp$'

t=zd1025+MNIST-Libtorch-CNN
# CMake: the repository root is an include folder ("src/include/model.h"); the sources are
# GBK-encoded (comments and string literals only).
db $t -I"$dir/$t"

t=eyedealism+Simple-LibTorch-Realization-of-Transformer
db $t

t=Ahmed-Nezar+MNIST-LibTorch-Classification
# (utills.hpp:51 and :62 call .item<int>() on values that depend on the DataLoader template
# parameter without the `template` keyword, which GCC accepts and clang rejects; neither
# -fdelayed-template-parsing nor -fms-compatibility gets past it, see ninth-set-notes.md.)
db $t -I"$dir/$t/include"

t=Ghailen-Ben-Achour+Cpp-LibTorch-OpenCV-Torchvision
# Separate CMake projects; opencv/ (OpenCV) and network/ (its include/); torchvision/ needs
# TorchVision's C++ headers, which are not here.
db $t "${opencv[@]}"
keep $t '^(opencv/main|network/src/main)\.cpp$'
front $t '^network/' -I"$dir/$t/network/include"
