//===--- MissingNoGradCheck.cpp - gpuleak-missing-no-grad -------------------------===//

#include "MissingNoGradCheck.h"
