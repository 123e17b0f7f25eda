#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of thirteenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/thirteenth-set.tsv`.
# Usage: bench/labels/thirteenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: thirteenth-set-compdb.sh DIR}
name=thirteenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/thirteenth-deps

t=zachoines+HomeMonitor
# One flat folder (Raspberry Pi servo tracker): Boost.Interprocess (Debian libboost-dev),
# OpenCV (stubs/opencv plus the contrib tracking/dnn names it uses) and wiringPi/PCA9685
# (stubs/thirteenth-deps/only-homemonitor).
# data.h initializes a member array with parentheses (a GNU extension GCC accepts).
db $t -std=c++17 -I"$dir/$t" -isystem "$only/only-homemonitor" -Wno-gnu-array-member-paren-init
keep $t '^(main|SACAgent|PolicyNetwork|QNetwork|ValueNetwork|Normal|ReplayBuffer|PID)\.cpp$'

t=Kutyl87+GameOfLife
# The simulation core and the models; the Godot bindings (godot-impl) need the Godot SDK.
db $t -std=c++20 -I"$dir/$t/core/include" -I"$dir/$t/ArtifficalInteligenceModels/include"
keep $t '^(core/src/|ArtifficalInteligenceModels/src/)'

t=crim-ca+crim-libtorch-extensions
# TestBench/CMakeLists.txt: USE_LOG_COUT (no plog), OpenCV (stubs/opencv), include/; stdafx.h
# includes torch/extension.h, hence Python.
# CLI11 from Debian libcli11-dev; TorchVision's headers stubbed (only-crim).
db $t -std=c++17 -I"$dir/$t/include" -I"$dir/$t/TestBench" -DUSE_LOG_COUT -isystem /usr/include/python3.11 \
  -isystem "$only/only-crim" -include "$only/only-crim/cv-rng.h"
keep $t '^(TestBench/(TestBench|training)\.cpp|source/)'

t=krmdel+120_days_of_CUDA_challenge
# 125 independent one-file CUDA programs: the labelled days only.
db $t -std=c++17
keep $t '^daily_projects/day_(46/decoder|64/flash_sam|79/all_1d_fft|80/all_2d_fft|81/all_3d_fft|86/moving_avg_scan|87/cross_corr|107/multiscale)\.cu$'

t=PiPower+AutoDiff
# cuDNN is in /usr/local/cuda/include here; the .cpp files call the typed cudaMalloc template of
# cuda_runtime.h, which nvcc includes implicitly.
db $t -std=c++17 -I"$dir/$t/src" -include cuda_runtime.h
keep $t '^(src/|test/MnistModel/ConvMnist\.cpp$)'

t=YellowBicycleee+test_performance
db $t -std=c++17

t=rystylee+ofxLibTorch
# openFrameworks addon: the core's names (ofMain.h, ofFbo, ofImage, ofPixels, ImGui) are
# stubbed in stubs/thirteenth-deps/only-ofx; OpenCV from stubs/opencv.
db $t -std=c++17 -I"$dir/$t/src" -isystem "$only/only-ofx"
keep $t '^(src/|examples/(AdaIN|BigGAN|BicycleGAN|PGGAN|ImageClassification)/src/)'

t=jhson989+jhdnn
# Two small layer libraries (cuDNN and hand-written) sharing include/jhdnn.cuh.
db $t -std=c++17 -I"$dir/$t/include" -I"$dir/$t/cudnn/include" -I"$dir/$t/jhdnn/include"

t=nikitinvv+lam_usfft
# The CUDA sources of the Python package (before it moved to CuPy); each .cu includes its
# kernels_*.cu and its header from src/include.
db $t -std=c++17 -I"$dir/$t/src/include" -I"$dir/$t/src/cuda"
keep $t '^src/cuda/(fft2d|usfft1d|usfft2d)\.cu$'
