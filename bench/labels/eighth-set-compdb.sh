#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of eighth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one, and
# writes its own otherwise). The flags come from the trees' CMake/qmake/Visual Studio files
# (C++ standard, include folders, definitions) and from the libraries installed here
# (OpenCV 4, Qt 5, wxWidgets 3.2, Eigen 3, glog, yaml-cpp); stub folders under
# bench/labels/stubs are added last, as the scorer does. Each database keeps the units of
# the programs the labels are in (keep), so that facts about "the whole project" come from
# those programs and the scorer's run stays short. Run it after
# `bench/labels/checkout.sh DIR bench/labels/eighth-set.tsv`.
# Usage: bench/labels/eighth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: eighth-set-compdb.sh DIR}
name=eighth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
# wx-config --cxxflags (wxWidgets 3.2, GTK 3)
wx=(-isystem /usr/lib/x86_64-linux-gnu/wx/include/gtk3-unicode-3.2 -isystem /usr/include/wx-3.2
    -D_FILE_OFFSET_BITS=64 -DWXUSINGDLL -D__WXGTK__)
eigen=(-isystem /usr/include/eigen3)

t=kazukin123+anet-lab
# CMake: C++17, core/anet-core/include public; wxWidgets (core, base) for the library and
# the wx app; the library's sources, the console program and the wx app's frame.
db $t -I"$dir/$t/core/anet-core/include" "${wx[@]}"
keep $t '^(core/anet-core/src/|apps/cartpole1/main\.cpp$|apps-wx/cartpole2/src/(CartPoleFrame|CartPoleEnv)\.cpp$)'

t=HoonHwi12+LTESim
# dqn/CMakeLists.txt: one program, dqn/main.cpp (C++17); it includes ../src/shared-memory.h.
# LTENetworkState.h and main.cpp use std::ofstream without including <fstream> (GCC's
# <iostream> happens to pull it in).
db $t -include fstream
keep $t '^dqn/main\.cpp$'

t=jelly1128+MyRealtimeSystem
# Visual Studio project: include/ folder, OpenCV, LibTorch (C++17).
db $t -I"$dir/$t/MyRealtimeSystem/include" "${opencv[@]}"
keep $t '^MyRealtimeSystem/(main\.cpp|src/)'

t=uiuc-iml+RA-SLAM
# CMake: the repository root is an include folder (include_directories(CMAKE_SOURCE_DIR)),
# C++14/CUDA 14, Eigen, OpenCV, spdlog; the segmentation engine and the TSDF units.
db $t -I"$dir/$t" "${eigen[@]}" "${opencv[@]}"
keep $t '^(segmentation/inference\.cc|utils/tsdf/voxel_(tsdf|hash|mem)\.cu)$'
# make-compdb.py adds every include/ folder of the tree; those of third_party/ (lcm's
# WinSpecific/include/stdint.h refuses non-MSVC compilers) are not the project's own.
python3 - "$dir/$t/build/compile_commands.json" <<'PY'
import json, sys
p = sys.argv[1]
entries = json.load(open(p))
for e in entries:
    e["arguments"] = [a for a in e["arguments"] if not (a.startswith("-I") and "/third_party/" in a)]
json.dump(entries, open(p, "w"), indent=1)
PY

t=moskalt+LibtorchDetection
db $t
keep $t '^model/src/processing\.cpp$'

t=zjeffer+chess-deep-rl-cpp
# CMake: C++20 (set_target_properties(... CXX_STANDARD 20): neuralnet.cc and utils.cc
# call std::string::ends_with), OpenCV, g3log (stubs/g3log), vendor/csv; the units around
# the network (the Qt 6 UI is left out).
db $t -std=c++20 -I"$dir/$t/vendor/csv" "${opencv[@]}" "${qt[@]}"
keep $t '^src/(mcts|utils|neuralnet|selfplay|game|agent)\.cc$'

t=alpha-unito+FastFederatedLearning
# CMake: the repository root and C/ are include folders ("C/utils/net.hpp"), FastFlow
# (stubs/fastflow), OpenCV, NO_DEFAULT_MAPPING, DISABLE_FF_DISTRIBUTED for mvdet.
db $t -I"$dir/$t" -I"$dir/$t/C" "${opencv[@]}" -DNO_DEFAULT_MAPPING -DDISABLE_FF_DISTRIBUTED
keep $t '^C/(examples/mvdet/(mvdet|mvdet_central|helpers)\.cpp|examples/edgeinference/edgeinference\.cpp|examples/masterworker/masterworker\.cpp|utils/process-frame\.cpp)$'

t=unkarjedy+CUDA_labs
# Visual Studio projects, one per lab; helper_cuda.h from the CUDA samples (stubs/cuda-samples).
db $t

t=Whu-wxy+libtorch-yolov3
# qmake: Qt core/gui/widgets, OpenCV; the detector units of the Qt app and the demo's main.
db $t "${opencv[@]}" "${qt[@]}"
keep $t '^(VideoVLC/(darknetmanager|imgprocessthread)\.cpp|libtorch-yolov3/main\.cpp)$'

t=rahimkhan76270+libtorch-yolo
db $t
keep $t '^main\.cpp$'

t=yuhongLee1203+VisualFusion_libtorch
# CMake: lib_image_fusion/include, utils/include, nlohmann, OpenCV.
v=$dir/$t/IR_Convert_v21_libtorch
db $t -I"$v/lib_image_fusion/include" -I"$v/utils/include" -I"$v" "${opencv[@]}"
keep $t '^IR_Convert_v21_libtorch/(main\.cpp|lib_image_fusion/src/core_image_align_libtorch\.cpp)$'

t=Moin2002-tech+OpenCVLibtorchProjectTutorials
# CMake: src/ and external/third_party (doctest) as include folders, OpenCV.
db $t -I"$dir/$t/src" -I"$dir/$t/external/third_party" "${opencv[@]}"
keep $t '^src/(LinearRegression/LinearRegression|TrainingPipeline/TrainingNNModule|ANNGPUBASED/ANNGPUBASED)\.cpp$'

t=Zhijie-He+policy_deploy
# CMake: include/, the bundled library/ (Eigen, mujoco, unitree_sdk2) and yaml-cpp. The
# bundled Eigen's extensionless headers (Eigen/Dense) are not laid out by checkout.sh when
# the snapshot lacks the tree's large files, so Debian's Eigen 3.4 (libeigen3-dev) comes first.
db $t -I"$dir/$t/include" "${eigen[@]}" -isystem "$dir/$t/library" -isystem "$dir/$t/library/mujoco/include"
keep $t '^src/(inference_engine/libtorch/LibTorchInferenceEngine|policy_wrapper/(Unitree|Eman)PolicyWrapper)\.cpp$'

t=SustcFYF+policy_ubuntu
db $t -I"$dir/$t"

t=Albusgive+go2w_sim2sim
db $t
keep $t '^utils/cpp_manager_env/(ManagerEnv|libtorch_net)\.cpp$'

t=jakkes+rl-cpp
# CMake: include/ public, src/rl private, C++20; the thread pool (stubs/bs-thread-pool).
db $t -std=c++20 -I"$dir/$t/include" -I"$dir/$t/src/rl"
keep $t '^src/rl/(agents/(sac|ppo)/trainers/basic\.cc|buffers/tensor\.cc)$'

t=yamicro+cuda-practice
# CMake: inferer/include public, C++20, glog. base/alloc.h uses std::shared_ptr without
# including <memory> (GCC's headers pull it in).
db $t -std=c++20 -I"$dir/$t/inferer/include" -include memory
keep $t '^inferer/source/base/(alloc_cu|buffer|alloc)\.cpp$'
