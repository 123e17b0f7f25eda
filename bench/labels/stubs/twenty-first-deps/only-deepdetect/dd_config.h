// Declarations only, for jolibrain/deepdetect (twenty-first set): the header CMake writes from
// src/dd_config.h.in (build strings and the API-doc getter).
#pragma once
#include <string>
#define BUILD_TYPE ""
#define GIT_VERSION ""
#define GIT_BRANCH ""
#define GIT_COMMIT_HASH ""
#define COMPILE_FLAGS ""
#define DEPS_VERSION ""
std::string GET_API_DOC();
