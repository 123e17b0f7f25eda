// Stub for bench/labels: ava6969/DRLCPP includes SFML/Window.hpp but uses nothing from it.
#pragma once
