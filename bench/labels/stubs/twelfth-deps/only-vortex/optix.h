// Stub of the OptiX SDK headers (twelfth set, LorenzoMauro/Vortex only).
#pragma once
#include "optix_types.h"
