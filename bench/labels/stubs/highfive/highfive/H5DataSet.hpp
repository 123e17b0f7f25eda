// gpuleak bench stub, see H5File.hpp.
#pragma once
#include "H5File.hpp"
