// Empty stand-in for <c10/util/variant.h> (twenty-second set, Aarivvk/simple_yolo): LibTorch 2
// no longer ships it; src/yolo-model.cpp includes it and uses nothing from it.
#pragma once
#include <variant>
