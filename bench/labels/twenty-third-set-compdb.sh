#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twenty-third-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
#
# fan-ziqi/rl_sar has labels at five commits and jerryw06/Aero_Control_RL at two; checkout.sh
# lays out one commit per repository directory, so the set is laid out five times:
#   A = the first commit of every repository (rl_sar 1b73bbd, Aero 43933b3, and the rest),
#   B = rl_sar 81fa870 and Aero 101aa30, C = rl_sar a320599, D = rl_sar f30503f, E = rl_sar 4a6b0b8:
#   T=bench/labels/twenty-third-set.tsv; H=$(head -1 $T)
#   b='81fa87035a51|101aa30c09a7'; c='a32059941a89'; d='f30503f306f4'; e='4a6b0b819bae'
#   (echo "$H"; tail -n +2 $T | grep -v -E "$b|$c|$d|$e") > A.tsv
#   (echo "$H"; tail -n +2 $T | grep -E "$b") > B.tsv   # and likewise C.tsv, D.tsv, E.tsv
#   bench/labels/checkout.sh DIR A.tsv; bench/labels/checkout.sh DIR/B B.tsv; ... DIR/E E.tsv
#   for d in DIR DIR/B DIR/C DIR/D DIR/E; do bench/labels/twenty-third-set-compdb.sh $d; done
# This script writes the databases of the trees it finds in the folder it is given.
#
# Debian packages installed with apt-get for this set: liblcm-dev (rl_sar's vendored Unitree
# and CyberDog SDKs), libgoogle-glog-dev (wenet), libmsgpack-dev and libzmq3-dev/cppzmq-dev
# (pytorch-cpp-rl's gym client); libyaml-cpp-dev, libboost-*-dev, nlohmann-json3-dev,
# libspdlog-dev and python3.11's headers were already there.
# Absent libraries are declared in stubs/twenty-third-deps/only-<name> (declarations only; its
# READMEs list them): no stub decides a label.
# The databases keep the labelled units and the units the labels' reasons lean on (callers and
# callees, per twenty-third-set-notes.md) that parse.
# Usage: bench/labels/twenty-third-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twenty-third-set-compdb.sh DIR}
name=twenty-third-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/twenty-third-deps

have() { [[ -d $dir/$1 ]]; }

t=NOAA-OWP+ngen
if have $t; then
  # CMake defines NGEN_LSTM_TORCH_LIB_ACTIVE when the LSTM model is built with LibTorch; the
  # model's headers are in models/lstm/include, the CSV reader in include/utilities. ngen is
  # C++14, but LibTorch 2.11's headers need C++17. include/utilities/unique.hpp (through all.h)
  # adds a GCC 4.8 std::make_unique that collides with the standard one LibTorch calls; its
  # include guard is defined so that the shim is skipped.
  db $t -std=c++17 -D__GCC_4_8_MAKE_UNIQUE__ -DNGEN_LSTM_TORCH_LIB_ACTIVE -I"$dir/$t/models/lstm/include" \
    -I"$dir/$t/include/utilities" -I"$dir/$t/include" -I"$dir/$t/include/realizations/catchment"
  keep $t '^src/models/lstm/LSTM\.cpp$'
fi

t=tu-studio+nn-inference-template
if have $t; then
  # CMake sets MODEL_TO_USE (1-3) and each model's path macro; 3 is the stateful LSTM.
  db $t -std=c++17 -DMODEL_TO_USE=3 '-DSTATEFULLSTM_MODELS_PATH_PYTORCH="models/"' \
    '-DSTATEFULLSTM_MODELS_PATH_TENSORFLOW="models/"'
  keep $t '^source/dsp/inference/backends/LibtorchProcessor\.cpp$'
fi

rlsar_ros1() {  # the ROS 1 catkin package of 2024 (commits 1b73bbd, 81fa870)
  # CMake: add_definitions(-DCMAKE_CURRENT_SOURCE_DIR=...) for the model paths; matplotlibcpp
  # built WITHOUT_NUMPY (Python.h from python3.11-dev).
  local s=$dir/$1/src/rl_sar
  db $1 -std=c++17 '-DCMAKE_CURRENT_SOURCE_DIR="/rl_sar"' -DWITHOUT_NUMPY -isystem /usr/include/python3.11 -isystem "$only/only-ros1" \
    -I"$s/library/unitree_legged_sdk_3.2/include" -I"$s/library/matplotlibcpp" \
    -I"$s/library/cyberdog_motor_sdk/include" -I"$s/library/rl" -I"$s/library/observation_buffer"
  keep $1 '^src/rl_sar/(src/(rl_sim|rl_real_a1|rl_real_cyberdog)|library/(observation_buffer/observation_buffer|rl/rl))\.cpp$'
}

t=fan-ziqi+rl_sar
if have $t; then
  if [[ -f $dir/$t/src/rl_sar/library/rl/rl.cpp ]]; then
    rlsar_ros1 $t
  elif [[ -f $dir/$t/src/rl_sar/library/core/inference_runtime/inference_runtime.cpp ]]; then
    # 2025: the inference layer (TorchModel) built with USE_TORCH.
    db $t -std=c++17 -DUSE_TORCH
    keep $t '^src/rl_sar/library/core/inference_runtime/inference_runtime\.cpp$'
  else
    # 2025-08 (a320599): the simulator node under ROS 1 (CMake: USE_ROS1, the source-dir
    # macro); its robot_msgs and std_srvs in only-ros1.
    s=$dir/$t/src/rl_sar
    db $t -std=c++17 -DUSE_ROS1 '-DCMAKE_CURRENT_SOURCE_DIR="/rl_sar"' -DWITHOUT_NUMPY -isystem /usr/include/python3.11 \
      -isystem "$only/only-ros1" -I"$s/include" -I"$s/library/core/rl_sdk" \
      -I"$s/library/core/observation_buffer" -I"$s/library/core/loop" -I"$s/library/core/fsm" \
      -I"$s/library/core/matplotlibcpp" -I"$s/policy" -I"$s/library/core/logger"
    keep $t '^src/rl_sar/(src/rl_sim|library/core/rl_sdk/rl_sdk)\.cpp$'
  fi
fi

t=wenet-e2e+wenet
if have $t; then
  # runtime/core is the include root ("decoder/...", "utils/..."); glog/gflags from Debian.
  # torch_asr_model.cc uses glog's CHECK_EQ without including it (the build gets it through
  # openfst's fst/log.h in other headers): glog/logging.h is force-included.
  db $t -std=c++17 -I"$dir/$t/runtime/core" -include glog/logging.h
  keep $t '^runtime/core/decoder/torch_asr_model\.cc$'
fi

t=Omegastick+pytorch-cpp-rl
if have $t; then
  # example/lib/msgpack-c and spdlog are submodules (absent): msgpack from Debian, spdlog
  # declared in only-cpprl (Debian's needs an fmt that LibTorch's bundled one shadows);
  # example/third_party holds zmq.hpp. src/algorithms/ppo.cpp and a2c.cpp call the LibTorch 1.3
  # optimizer API (optimizer->options.learning_rate(...)), gone since 1.5: ppo.cpp (labelled)
  # keeps that one error; a2c.cpp (not labelled) is left out.
  db $t -std=c++17 -isystem "$only/only-cpprl" -I"$dir/$t/include" -I"$dir/$t/example" -I"$dir/$t/example/third_party" \
    -I"$dir/$t/src"
  keep $t '^(example/(gym_client|communicator)|src/(storage|algorithms/ppo|model/policy))\.cpp$'
fi

t=jerryw06+Aero_Control_RL
if have $t; then
  # RL_with_cpp only (px4_msgs_ws/build holds generated ROS 2 message code).
  db $t -std=c++17 -I"$dir/$t/RL_with_cpp/include" -isystem "$only/only-ros2px4"
  keep $t '^RL_with_cpp/src/(train_rl|policy_network)\.cpp$'
fi

t=koba-jon+pytorch_cpp
if have $t; then
  # DDPM2d only; its CMake adds ../../utils (visualizer, dataloader, transforms, losses).
  db $t -std=c++17 -I"$dir/$t/utils" -I"$dir/$t/Generative_Modeling/DDPM2d/src" "${opencv[@]}"
  keep $t '^Generative_Modeling/DDPM2d/src/[^/]*\.cpp$'
fi

t=snakers4+silero-vad
if have $t; then
  db $t -std=c++17
  keep $t '^examples/cpp_libtorch/[^/]*\.cc$'
fi

t=acids-ircam+RAVE
if have $t; then
  db $t -std=c++17
  keep $t '^realtime/backend/backend\.cpp$'
fi

t=L-SY+rl_deploy
if have $t; then
  # rl_sdk's observation buffer folder is on its include path; rl_msgs (generated) and roscpp
  # in only-ros1.
  db $t -std=c++17 -isystem "$only/only-ros1" -I"$dir/$t/rl_sdk/library/observation_buffer"
  keep $t '^(rl_sdk/src/(rl_interface|rl_sdk)|wheeled_bipedal_rl_controller/test/obs2action)\.cpp$'
fi
