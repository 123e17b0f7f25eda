#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of fourteenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/fourteenth-set.tsv`.
# Needs Debian's rapidjson-dev (lenLRX/PytorchCppCodes: SimDota2 includes rapidjson, a
# submodule absent from the snapshot) and libtinyxml2-dev (zigui-ps/PPO-PyTorchCpp-API);
# libspdlog-dev (GAIL_Tree), nlohmann-json3-dev (BootlegAlphaZero), libeigen3-dev and
# Python 3.11's headers were already installed for earlier sets.
# Usage: bench/labels/fourteenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: fourteenth-set-compdb.sh DIR}
name=fourteenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/fourteenth-deps
python=(-isystem /usr/include/python3.11)

t=lenLRX+PytorchCppCodes
# CMakeLists.txt: include_directories(.) plus SimDota2's headers; four programs (A3CMain,
# Mini, GAIL, GAIL_MT, GAIL_Tree); the simulator itself is not labelled.
db $t -std=c++17 -I"$dir/$t" -I"$dir/$t/SimDota2/include" -I"$dir/$t/SimDota2/src"
keep $t '^(A3CMain|A3CEnv|minibatch|MiniEnv)\.cpp$|^GAIL/(main|main_mt|Env)\.cpp$|^GAIL_Tree/'

t=zigui-ps+PPO-PyTorchCpp-API
db $t -std=c++17 -I"$dir/$t/include" -I"$dir/$t/cpp" -isystem /usr/include/eigen3 "${python[@]}" \
  -isystem "$only/only-ppo"
keep $t '^(A\.cpp|cpp/RL/|cpp/Environment/(GymEnvironment|PyWrapper|PytorchEnvironment)\.cpp)'

t=ArashMassoudieh+PyTorchCPP
# Utilities/ is a submodule (ArashMassoudieh/Utilities at a1cd112, TimeSeries and
# TimeSeriesSet), absent from the snapshot: laid out here from its own snapshot (run
# `fetch github:ArashMassoudieh/Utilities` first). It includes GSL and Armadillo (Debian
# libgsl-dev, libarmadillo-dev); commontypes.h and the LSTM/ programs need Qt 5 (Debian
# qtbase5-dev). Defines as HydroPINN.pro (TORCH_SUPPORT, _arma, QT_NO_KEYWORDS).
utilities=${MIRROR:-/work/.mirror}/ArashMassoudieh+Utilities/repo
if [[ -d $utilities && ! -e $dir/$t/Utilities/TimeSeriesSet.h ]]; then
  mkdir -p "$dir/$t/Utilities"
  git --git-dir="$utilities" archive a1cd112419f7da5ea28401d6bfc113488f463a27 | tar -x -C "$dir/$t/Utilities"
fi
db $t -std=c++17 -DTORCH_SUPPORT -D_arma -DQT_NO_KEYWORDS "${qt[@]}" \
  -isystem /usr/include/x86_64-linux-gnu/qt5/QtCharts \
  -I"$dir/$t" -I"$dir/$t/Utilities" -I"$dir/$t/Hydro" -I"$dir/$t/Hydro/models" \
  -I"$dir/$t/Hydro/dataset" -I"$dir/$t/Hydro/evaluation" -I"$dir/$t/Hydro/physics" -I"$dir/$t/LSTM"
keep $t '^(neuralnetworkwrapper|main_TimeSeries_Training)\.cpp$|^Hydro/(models|evaluation|dataset|physics)/[^/]*\.cpp$|^LSTM/(ModelTrainer|LSTMModel|MainWindow|DataPreprocessor|EarlyStopping|TimeSeriesDataset)\.cpp$'
# LSTM/ is its own program (LSTM/main.cpp, Qt Charts: Debian libqt5charts5-dev) that uses Qt's
# signals/emit keywords (but LibTorch's headers clash with Qt's `slots`: QT_NO_KEYWORDS stays,
# signals and emit are defined to Qt's Q_SIGNALS and Q_EMIT) and Qt 6's Charts names (force-
# included stubs/fourteenth-deps/only-arash-lstm/qt5-charts-namespace.h).
python3 - "$dir/$t/build/compile_commands.json" "$only/only-arash-lstm/qt5-charts-namespace.h" <<'PY'
import json, sys
p, inc = sys.argv[1], sys.argv[2]
db = json.load(open(p))
for e in db:
    if "/LSTM/" in e["file"]:
        key = "arguments" if "arguments" in e else "command"
        if key == "arguments":
            e[key] = e[key] + ["-Dsignals=Q_SIGNALS", "-Demit=Q_EMIT", "-include", inc]
        else:
            e[key] = e[key] + " -Dsignals=Q_SIGNALS -Demit=Q_EMIT -include " + inc
json.dump(db, open(p, "w"), indent=1)
PY

t=instance01+BootlegAlphaZero
# a2c.cpp narrows size_t sizes into from_blob's braced IntArrayRef (GCC warns, clang errs).
db $t -std=c++17 -Wno-c++11-narrowing -I"$dir/$t/alphazero/cpp_impl" "${python[@]}" -isystem "$only/only-bootleg"
keep $t '^alphazero/cpp_impl/(a2c|alphazero|cfg|env_wrapper|lr_scheduler|mcts|replay_buffer|simple_thread_pool|tensorboard_util|pyenv|envs/[^/]*)\.cpp$'

t=jwelch1324+LibTorchCPPExperiments
db $t -std=c++17 -I"$dir/$t/include"
keep $t '^example-app\.cpp$'

t=iceychris+LibreASR
# examples/cli/CMakeLists.txt: one program, libreasr.cpp, against LibTorch only.
db $t -std=c++17
keep $t '^examples/cli/libreasr\.cpp$'

t=AlconDivino+FxPred
# an Xcode project: FxPred/*.cpp in one target.
db $t -std=c++17 -I"$dir/$t/FxPred"
keep $t '^FxPred/'
