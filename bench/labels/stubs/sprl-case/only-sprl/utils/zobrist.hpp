// Stub for willwin4sure/sprl only (ninth set): games/GoNode.hpp includes "../utils/zobrist.hpp"
// but the file is utils/Zobrist.hpp (written on a case-insensitive file system). With
// -I .../only-sprl/anchor, "../utils/zobrist.hpp" resolves here and forwards to the real file
// (cpp/src is an include folder of the tree). ninth-set-compdb.sh adds the folder to sprl alone.
#pragma once
#include <utils/Zobrist.hpp>
