// gpuleak bench stub: the few SDL3 declarations that the seventh set's Skyfrei/Saya
// headers and labelled files use, enough for them to parse. Not SDL, no behaviour.
#pragma once
#include <stdint.h>

typedef struct SDL_Window SDL_Window;
typedef struct SDL_Renderer SDL_Renderer;
typedef struct SDL_Texture SDL_Texture;
typedef struct SDL_Surface SDL_Surface;
typedef uint32_t SDL_Keycode;
typedef enum SDL_AppResult { SDL_APP_CONTINUE, SDL_APP_SUCCESS, SDL_APP_FAILURE } SDL_AppResult;
enum { SDL_EVENT_QUIT = 0x100, SDL_EVENT_KEY_DOWN = 0x300 };
typedef struct SDL_KeyboardEvent { uint32_t type; SDL_Keycode key; } SDL_KeyboardEvent;
typedef union SDL_Event { uint32_t type; SDL_KeyboardEvent key; uint8_t padding[128]; } SDL_Event;
#define SDLK_SPACE 0x20u
#define SDLK_ESCAPE 0x1bu
#define SDLK_RETURN 0x0du
#define SDLK_0 0x30u
#define SDLK_9 0x39u
#define SDLK_KP_0 0x40000062u
#define SDLK_KP_9 0x40000061u
bool SDL_WaitEvent(SDL_Event* event);
bool SDL_PollEvent(SDL_Event* event);
void SDL_Delay(uint32_t ms);
