// Stub for bench/labels: ava6969/DRLCPP includes SFML/Audio.hpp but uses nothing from it.
#pragma once
