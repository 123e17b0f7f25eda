//===--- RetainedTensorCheck.cpp - gpuleak-retained-tensor -------------------------===//

#include "RetainedTensorCheck.h"
