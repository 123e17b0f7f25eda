#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of tenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one, and
# writes its own otherwise). The flags come from the trees' build files (CMake, Makefile,
# Visual Studio: C++ standard, include folders, definitions) and from the libraries
# installed here (OpenCV 4, Eigen 3, glog, yaml-cpp, spdlog, fmt, Boost); stub folders under
# bench/labels/stubs are added last, as the scorer does. Each database keeps the units of
# the programs the labels are in (keep). Run it after
# `bench/labels/checkout.sh DIR bench/labels/tenth-set.tsv`.
# Usage: bench/labels/tenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: tenth-set-compdb.sh DIR}
name=tenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
eigen=(-isystem /usr/include/eigen3)
only=$here/stubs/tenth-deps

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

t=hlinander+nesai
# ai/Makefile: C++17, -Icereal-1.2.2/include; the overmind program (model, overmind, replay,
# reward, tests). brain.cpp (libai, the emulator side) needs Lua, which is not here.
# model.h narrows size_t into an IntArrayRef brace list and calls item<T>() on a dependent
# expression without `template` inside class templates: GCC builds it with warnings,
# clang needs -Wno-c++11-narrowing and -fms-extensions; its static constexpr floor(...)
# needs stubs/tenth-deps/only-nesai (a forced include). The bundled catch.hpp sizes a
# static array by MINSIGSTKSZ, no longer a constant in glibc 2.34: no POSIX signals.
db $t -I"$dir/$t/ai" -I"$dir/$t/ai/cereal-1.2.2/include" -Wno-c++11-narrowing -fms-extensions \
  -DCATCH_CONFIG_NO_POSIX_SIGNALS \
  -include "$only/only-nesai/nesai-constexpr-floor.h"
keep $t '^ai/(model|overmind|replay|reward|tests)\.cpp$'

t=edelwud+HPPA
# Three separate CMake programs with headers of the same names (image-processing,
# mpi-processing, matrix-processing); each gets its own libs' include folders first.
db $t "${opencv[@]}"
# Kept: the GPU paths of the programs (their mains, the image classes that call the
# launchers, the launchers and the matrix GPU units; the MPI main needs MPI, not here).
keep $t '^((image-processing|matrix-processing)/src/main\.cpp|(image-processing|mpi-processing)/libs/image/src/(image-grayscale|image-rgb)\.cpp|(image-processing|mpi-processing)/libs/image/src/kernels/|matrix-processing/libs/matrix/src/(matrix-gpu\.cu|kernels/processing\.cu))'
for p in image-processing mpi-processing; do
  L=$dir/$t/$p/libs
  front $t "^$p/" -I"$L/image/include/image" -I"$L/image/include" -I"$L/filters/include" \
    -I"$L/filters/include/filters" -I"$L/utils/include" -I"$L/utils/include/utils" \
    -I"$L/loader/include" -I"$L/loader/include/loader" -I"$L/benchmark/include" -I"$L/benchmark/include/benchmark"
done
L=$dir/$t/matrix-processing/libs
front $t '^matrix-processing/' -I"$L/matrix/include/matrix" -I"$L/matrix/include" \
  -I"$L/benchmark/include" -I"$L/benchmark/include/benchmark"

t=acgist+lifuren
# CMake: -std=c++20, core/include public; OpenCV, spdlog (stubs/spdlog: the system spdlog
# wants another fmt than LibTorch's), the core library and the CLI that drives it
# (cli/src). CLI.cpp and Main.cpp use std::strcmp and std::set_terminate without
# including <cstring> and <exception> (MSVC's headers pull them in).
db $t -std=c++20 -I"$dir/$t/core/include" -I"$dir/$t/cli/include" "${opencv[@]}" \
  -include cstring -include exception
keep $t '^(core/src/|cli/src/)'

t=i-m-iron-man+libtorch_mujoco_DDPG
# No build file; Boost.CircularBuffer, MuJoCo and GLFW ("mujoco.h", "glfw3.h" by bare
# name: stubs/tenth-deps/only-ddpg). env.cpp (the MuJoCo simulation) is left out.
# agent.cpp does not parse with clang and glibc: its global `const float gamma` clashes
# with glibc's gamma() (declared under _GNU_SOURCE, which clang++ defines), and :136 binds
# a non-const `auto&` structured binding to the temporary that sample() returns.
db $t -isystem "$only/only-ddpg"
keep $t '^(agent|main)\.cpp$'

t=QuentinVacher-rl+SoftActorCritic-in-Cpp-using-LibTorch
# CMake: C++17, include_directories(lib/JsonCpp), ROOT_DIR (the checkpoint folder); the
# bundled jsoncpp.cpp is left out.
db $t -I"$dir/$t/lib/JsonCpp" -DROOT_DIR="\"$dir/$t\""
keep $t '^src/'

t=nth-eye+MuZero-libtorch
# CMake: -std=c++20, src/ and the external TicTacToe-Cpp engine (stubs/tenth-deps/only-muzero).
db $t -std=c++20 -I"$dir/$t/src" -I"$only/only-muzero"
keep $t '^main\.cpp$'

t=adeobootpin+libtorch_gpt
# Visual Studio project (windows.h, #include "c10\cuda\CUDAFunctions.h" with backslashes):
# main.cpp does not parse here; kept so that the scorer says so.
db $t
keep $t '^libtorch_gpt/main\.cpp$'

t=kureta+ddsp-libtorch
# CMake: C++17, JACK (stubs/jack).
db $t
keep $t '^(main|JackConnection)\.cpp$'

t=Maverobot+libtorch_examples
# CMake: one program per src/*.cpp.
db $t

t=fatalfeel+PPO_libtorch
# Eclipse CDT projects (linux/*/.cproject): -std=c++14; the GTK main and the socket server
# are left out (GTK is not here).
db $t -std=c++14
keep $t '^(lunarlander_cpp|bipedalwalker_cpp)/(actorcritic|ppo|gamecontent|flowcontrol)\.cpp$'

t=ZealanL+RLGymPPO_CPP
# CMake: C++20, src/ for the whole tree, src/public public and src/private private,
# RLGymSim_CPP/src (its RocketSim submodule is absent at the snapshot), Python (pybind11's
# submodule is absent too: Learner.cpp and the metric/render senders include
# <pybind11/embed.h>); WITHIN_RLGPC. Util/Timer.h assumes MSVC's clocks
# (stubs/tenth-deps/only-rlgymppo, a forced include).
P=$dir/$t/RLGymPPO_CPP
db $t -std=c++20 -DWITHIN_RLGPC -I"$P/src" -I"$P/src/public" -I"$P/src/private" \
  -I"$P/RLGymSim_CPP/src" -I"$P/RLGymSim_CPP/RocketSim/src" -isystem /usr/include/python3.11 \
  -include "$only/only-rlgymppo/msvc-high-resolution-clock.h"
# Kept: the units of the labelled classes (collection threads, trajectories, learner,
# inference unit, gradient-noise tracker).
keep $t '^RLGymPPO_CPP/src/(private/RLGymPPO_CPP/(Threading/(ThreadAgent|ThreadAgentManager|GameTrajectory)|PPO/PPOLearner|Util/GradNoiseTracker)|public/RLGymPPO_CPP/(Learner|Util/InferUnit))\.cpp$'

t=haotianh9+Reinforcement_learning_cpp_parallel
# CMake: include_directories(include); the program is src/main.cpp + src/ppo_nn.cpp (MPI,
# which is not here: main.cpp does not parse).
db $t -I"$dir/$t/include"
keep $t '^src/(main|ppo_nn)\.cpp$'

t=mbahassan+DistinctElementMethod
# CMake: C++20/CUDA 20, src/ as include folder. Kept: UnitTests/cxx (main.cpp instantiates
# Simulate<Polyhedral>, whose headers hold BroadPhase and TimeIntegrator; GpuClass.cu) and
# the units of the labelled builders and of the simulation/integrator classes.
db $t -std=c++20 -I"$dir/$t/src"
keep $t '^(UnitTests/cxx/|src/ContactDetection/BroadPhase/(QuadTree/QuadTreeBuilder|Octree/OctreeBuilder)\.cu$|src/(Simulate/Simulate|TimeIntegrator/TimeIntegrator)\.cu$)'

t=path-robotics+libtorch_grpc_serving
# CMake: the server (model_server.cpp, weld_bead_model.cpp) with the protoc/grpc output
# (stubs/tenth-deps/only-weld-bead); grpcpp is installed.
db $t -I"$only/only-weld-bead"
keep $t '^src/(weld_bead_model|model_server)\.cpp$'

t=youka0214+libtorch_httpservice
# CMake: OpenCV, libhv (not here: server/handler.cpp and main.cpp do not parse).
db $t "${opencv[@]}"

t=saravanabalagi+libtorch_cv_infer
db $t "${opencv[@]}"

t=special-yang+yolov5-deepsort-libtorch
# CMake (the snapshot lacks the model files, so only sources are laid out): detect/include,
# module/include, module/src, process/include; OpenCV; the process program of both libraries.
db $t -I"$dir/$t/detect/include" -I"$dir/$t/module/include" -I"$dir/$t/module/src" \
  -I"$dir/$t/process/include" "${opencv[@]}"
keep $t '^(detect/src/detector|module/src/(DeepSORT|extra|nn_matching)|process/src/main)\.cpp$'

t=embededAI+libtorch_evaluate
# cpp_project/dcgan: gflags (stubs/gflags).
db $t
keep $t '^cpp_project/'

t=XuYinzhe+RAFT-libtorch
# cpp/CMakeLists.txt: C++17, OpenCV, Eigen (<eigen3/Eigen/Dense>), spdlog (stubs/spdlog),
# TensorRT's NvInfer.h for one helper (stubs/tensorrt); the RAFT program.
# utils.h calls fmt::format without including fmt (spdlog's headers would bring it):
# LibTorch's bundled fmt, forced in.
db $t -I"$dir/$t/cpp/RAFT/src" "${opencv[@]}" -include fmt/format.h
keep $t '^cpp/RAFT/'

t=HoveXb+Fast-SCNN-libtorch
# CMake: include/, OpenCV; the three FastScnn versions and the inference program.
db $t -I"$dir/$t/include" "${opencv[@]}"

t=TiMeMof+libtorch_with_yolov8
# CMake: OpenCV, glog, gflags (stubs/gflags); the libtorch program.
db $t "${opencv[@]}"
keep $t '^libtorch/'

t=taifyang+pointpillars-libtorch
db $t "${opencv[@]}" -isystem /usr/include/python3.11
keep $t '^(main|iou3d)\.cpp$'


t=lingtengqiu+LibTorch_RefineDet
# CMake (LibTorch 1.0, 2018): utils/ (the NMS kernel), OpenCV. post_process.cpp narrows
# size_t into IntArrayRef lists and refine_det.cpp names `string` unqualified, which the old
# headers let through (stubs/tenth-deps/only-refinedet, a forced include).
db $t -I"$dir/$t/utils" "${opencv[@]}" -Wno-c++11-narrowing \
  -include "$only/only-refinedet/using-std-string.h"
keep $t '^(refine_det|post_process)\.cpp$|^utils/nms_kernel\.cu$'

t=tucasa+libtorch_semantic_segmentation
db $t "${opencv[@]}"

t=deweyamer+libtorch_retinanet
# CMake: OpenCV, torchvision's include folder (stubs/tenth-deps/only-retinanet), WITH_CUDA.
# The mains use OpenCV 3's C constants (CV_INTER_AREA), in OpenCV 4's imgproc/types_c.h.
db $t -DWITH_CUDA -I"$only/only-retinanet" "${opencv[@]}" -include opencv2/imgproc/types_c.h
keep $t '^main_(cpu|cuda)\.cpp$'

t=Hexmagic+libtorch_Yolov5
db $t -I"$dir/$t/include" "${opencv[@]}"
keep $t '^(main\.cpp|src/detector\.cpp)$'
