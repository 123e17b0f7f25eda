#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twelfth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/twelfth-set.tsv`.
# Needs Debian's libyaml-cpp-dev and libspdlog-dev (omikad/probs, JulianWww/AlphaZero, Vortex):
# without them those trees do not parse and their labels score as misses (session 15).
# Usage: bench/labels/twelfth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twelfth-set-compdb.sh DIR}
name=twelfth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
eigen=(-isystem /usr/include/eigen3)
python=(-isystem /usr/include/python3.11)
only=$here/stubs/twelfth-deps
fmtcompat=(-include "$only/only-spdlog-fmt12/spdlog-fmt-compat.h" -isystem "$only/only-spdlog-fmt12")

# sub TREE SUBDIR FLAGS...: like db, but scripts/make-compdb.py walks only TREE/SUBDIR (so only
# that program's include/ folders are added) and the entries are appended to TREE's database.
# For trees holding several independent programs whose headers share names.
sub() {
  local tree=$dir/$1 subdir=$2
  shift 2
  local tmp
  tmp=$(mktemp -d)
  python3 "$root/scripts/make-compdb.py" "$tree/$subdir" "$tmp" "$@" "${stubs[@]}" >/dev/null
  python3 - "$tree/build/compile_commands.json" "$tmp/compile_commands.json" <<'PY'
import json, os, sys
out, new = sys.argv[1], sys.argv[2]
old = json.load(open(out)) if os.path.exists(out) else []
os.makedirs(os.path.dirname(out), exist_ok=True)
json.dump(old + json.load(open(new)), open(out, "w"), indent=1)
PY
  rm -rf "$tmp"
}

t=jamesbut+NeuroEvo
# CMakeLists.txt: C++20 (std::string::ends_with), include/ as the root of every include;
# nlohmann_json (Debian nlohmann-json3-dev), Boost, Python, Eigen (lib/eigen is a submodule,
# absent), libfort (submodule, absent: stub fort.hpp). USE_TORCH, as CMakeLists.txt defines it:
# without it gan.cpp's create_range_torch is undeclared, and the unit's compiler error makes the
# checks drop the findings of the functions that call it (sc25, session 25).
db $t -std=c++20 -DUSE_TORCH -I"$dir/$t/include" "${eigen[@]}" "${python[@]}" -isystem "$only/only-neuroevo" \
  -include "$only/only-neuroevo/vector-of-const-string.h"
keep $t '^src/(util/models/(supervised_model|trainable_model|unsupervised_models/(autoencoder|vae|gan))|phenotype/neural_network/torch_network|gp_map/network_maps/double_to_double_net_map)\.cpp$'

t=JamesGlare+pytorch_cpp_example
db $t -I"$dir/$t/inc"
keep $t '^src/(main|models|utils)\.cpp$'

t=JasonDChistensen+CudaAtScaleIndependentProject
db $t -I"$dir/$t/include/signalProcessing" -I"$dir/$t/include/fileManagement" -I"$dir/$t/include" \
  -isystem "$only/only-cudaatscale" -include cuda_runtime.h
keep $t '^src/'

t=otaviog+ThunderVision
# LibThunderVision includes <tdvbasic/...> from LibThunderBasic/src; floatimage.hpp includes
# OpenCV 1's C API (cv.h, stubs/twelfth-deps/only-thundervision).
db $t -I"$dir/$t/LibThunderVision/src/tdvision" -I"$dir/$t/LibThunderVision/src" -I"$dir/$t/LibThunderBasic/src" \
  -isystem "$only/only-thundervision"
# the labelled units only (for time)
keep $t '^LibThunderVision/src/tdvision/(benchmark|dsimem|tmpcudamem)\.cpp$|^LibThunderVision/src/tdvision/semiglobal\.cu$'

t=thehalleyyoung+TorchType
# one independent CMake project per src/implementations/<proposal>, with headers of the same
# names in several of them: each labelled program gets only its own project's folders.
rm -f "$dir/$t/build/compile_commands.json"
p=src/implementations
for s in proposal1 proposal2 proposal5 proposal7 tropical_nas; do
  sub $t $p/$s -std=c++17 -I"$dir/$t/$p/$s/include" -I"$dir/$t/$p/$s/src" "${eigen[@]}"
done
keep $t '^src/implementations/(proposal1/(examples/mnist_rigorous_test|src/(mnist_trainer|actual_training_demo|precision_tensor|precision_nn))|proposal2/examples/mnist_demo|proposal5/(examples/(mnist_precision|mnist_complete_validation|mnist_stability_demo)|src/curvature_profiler)|proposal7/(src/homotopy_lr|examples/mnist_comprehensive)|tropical_nas/tests/mnist_demo)\.cpp$'

t=BellezzaPaolo+ProgettoPACS
# src/CMakeLists.txt: C++17, pybind11 embed (the headers LibTorch ships) and Python.
db $t -I"$dir/$t/src" "${python[@]}"
keep $t '^src/(PoissonLshape|parameter_test|pde/Pde|boundary_condition/(Boundary_Condition|Dirichlet_BC))\.cpp$'

t=Kriptics18+cpp-rl
db $t -I"$dir/$t/src"
keep $t '^src/'

t=uozuAho+rl_playground
c=chess/cpp_chess/src
db $t -std=c++20 -I"$dir/$t/$c/mystuff/include" -I"$dir/$t/$c/lc0chess"
keep $t '^chess/cpp_chess/src/mystuff/cpp/(main|torch_eval_approximator|greedy_chess_agent)\.cpp$'

t=omikad+probs
db $t -std=c++20 -I"$dir/$t/probs_chess_cpp/src"
# the units of the labelled functions and their callers (the whole 22-unit program took too
# long to score in the time of this task)
keep $t '^probs_chess_cpp/src/(main|training/(train|v_train|q_train)|neural/torch_encoder|infra/(battle|player|uci_player|uci_impl))\.cpp$'

t=JulianWww+AlphaZero
# C++17 (C++20 makes fmt check log.hpp's runtime format strings at compile time); spdlog and
# fmt compat (stubs/twelfth-deps/only-spdlog-fmt12); cpuct_ and DEVICE come from a game's config
# header (games/*/config.hpp, which names DEVICES instead).
db $t -std=c++17 -I"$dir/$t/AlphaZeroPytorch" -I"$dir/$t/AlphaZeroPytorch/include" "${fmtcompat[@]}" -Dcpuct_=2.0f \
  -DDEVICE=\"cpu\"
keep $t '^AlphaZeroPytorch/(AlphaZeroPytorch|include/ai/(agent|playGame|MCTS|memory))\.cpp$'

t=LorenzoMauro+Vortex
# the neural-network part of the renderer: spdlog (with the fmt compat include), OptiX and MDL
# SDK names stubbed (stubs/twelfth-deps/only-vortex).
db $t -std=c++17 -I"$dir/$t/Vortex/src" "${fmtcompat[@]}" -isystem "$only/only-vortex" \
  -include "$only/only-vortex/msvc-debugbreak.h"
keep $t '^Vortex/src/NeuralNetworks/(NeuralNetwork|Networks/(Npg|PathGuidingNetwork|InputComposer))\.cpp$'
