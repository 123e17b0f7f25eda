// Force-included into rolypoly's units: they were built with MSVC, whose headers bring in
// <fstream> through <iostream> and define the _ASSERT debug macro (crtdbg.h).
#pragma once
#include <cassert>
#include <fstream>
#define _ASSERT(expr) assert(expr)
