// gpuleak bench stub: SDL3_ttf's font type, as the seventh set's Skyfrei/Saya headers
// use it. Not SDL_ttf, no behaviour.
#pragma once
#include <SDL3/SDL.h>
typedef struct TTF_Font TTF_Font;
