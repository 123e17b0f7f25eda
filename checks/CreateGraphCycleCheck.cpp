//===--- CreateGraphCycleCheck.cpp - gpuleak-create-graph-cycle -------------------------===//

#include "CreateGraphCycleCheck.h"
