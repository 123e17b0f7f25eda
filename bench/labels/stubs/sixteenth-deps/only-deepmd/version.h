// Stub for deepmd-kit's CMake-generated source/api_cc/version.h (from include/version.h.in):
// the same names, with empty values.
#pragma once

#include <string>

const std::string global_install_prefix = "";
const std::string global_git_summ = "";
const std::string global_git_hash = "";
const std::string global_git_date = "";
const std::string global_git_branch = "";
const std::string global_tf_include_dir = "";
const std::string global_tf_lib = "";
const std::string global_pt_lib = "";
const std::string global_pd_lib = "";
const std::string global_model_version = "";
