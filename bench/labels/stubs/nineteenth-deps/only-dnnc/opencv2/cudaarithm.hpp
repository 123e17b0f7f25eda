#pragma once
#include "cuda_decls.hpp"
