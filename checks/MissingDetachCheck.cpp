//===--- MissingDetachCheck.cpp - gpuleak-missing-detach -------------------------===//

#include "MissingDetachCheck.h"
