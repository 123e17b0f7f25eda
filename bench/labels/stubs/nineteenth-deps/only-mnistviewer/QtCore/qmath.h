#pragma once
#include "../qt5_decls.h"
