// Stub for bench/labels: ava6969/DRLCPP includes SFML/Graphics.hpp but uses nothing from it.
#pragma once
