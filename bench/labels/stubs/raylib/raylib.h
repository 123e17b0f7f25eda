// gpuleak bench stub: a few raylib-like declarations, enough for the labelled files to
// parse. Not raylib, no behaviour.
#pragma once
#include <stdbool.h>

#define CLITERAL(type) type
#ifndef PI
#define PI 3.14159265358979323846f
#endif
#define DEG2RAD (PI / 180.0f)
#define RAD2DEG (180.0f / PI)
typedef struct Vector2 { float x, y; } Vector2;
typedef struct Vector3 { float x, y, z; } Vector3;
typedef struct Color { unsigned char r, g, b, a; } Color;
typedef struct Rectangle { float x, y, width, height; } Rectangle;
typedef struct Image { void* data; int width, height, mipmaps, format; } Image;
typedef struct Texture { unsigned int id; int width, height, mipmaps, format; } Texture;
typedef Texture Texture2D;
typedef struct Font { int baseSize, glyphCount, glyphPadding; Texture2D texture; } Font;
typedef struct Camera2D { Vector2 offset, target; float rotation, zoom; } Camera2D;

#define LIGHTGRAY CLITERAL(Color){200, 200, 200, 255}
#define GRAY CLITERAL(Color){130, 130, 130, 255}
#define DARKGRAY CLITERAL(Color){80, 80, 80, 255}
#define YELLOW CLITERAL(Color){253, 249, 0, 255}
#define GOLD CLITERAL(Color){255, 203, 0, 255}
#define ORANGE CLITERAL(Color){255, 161, 0, 255}
#define PINK CLITERAL(Color){255, 109, 194, 255}
#define RED CLITERAL(Color){230, 41, 55, 255}
#define MAROON CLITERAL(Color){190, 33, 55, 255}
#define GREEN CLITERAL(Color){0, 228, 48, 255}
#define LIME CLITERAL(Color){0, 158, 47, 255}
#define DARKGREEN CLITERAL(Color){0, 117, 44, 255}
#define SKYBLUE CLITERAL(Color){102, 191, 255, 255}
#define BLUE CLITERAL(Color){0, 121, 241, 255}
#define DARKBLUE CLITERAL(Color){0, 82, 172, 255}
#define PURPLE CLITERAL(Color){200, 122, 255, 255}
#define VIOLET CLITERAL(Color){135, 60, 190, 255}
#define BROWN CLITERAL(Color){127, 106, 79, 255}
#define WHITE CLITERAL(Color){255, 255, 255, 255}
#define BLACK CLITERAL(Color){0, 0, 0, 255}
#define BLANK CLITERAL(Color){0, 0, 0, 0}
#define MAGENTA CLITERAL(Color){255, 0, 255, 255}
#define RAYWHITE CLITERAL(Color){245, 245, 245, 255}

typedef enum {
    KEY_NULL = 0, KEY_SPACE = 32, KEY_ESCAPE = 256, KEY_ENTER = 257, KEY_RIGHT = 262, KEY_LEFT = 263,
    KEY_DOWN = 264, KEY_UP = 265, KEY_LEFT_SHIFT = 340, KEY_LEFT_CONTROL = 341,
    KEY_A = 65, KEY_D = 68, KEY_P = 80, KEY_R = 82, KEY_S = 83, KEY_W = 87
} KeyboardKey;
typedef enum { MOUSE_BUTTON_LEFT = 0, MOUSE_BUTTON_RIGHT = 1 } MouseButton;
typedef enum { FLAG_VSYNC_HINT = 0x40, FLAG_WINDOW_RESIZABLE = 0x4, FLAG_MSAA_4X_HINT = 0x20 } ConfigFlags;

#ifdef __cplusplus
extern "C" {
#endif
void InitWindow(int width, int height, const char* title);
bool WindowShouldClose(void);
void CloseWindow(void);
void SetConfigFlags(unsigned int flags);
void SetTargetFPS(int fps);
int GetScreenWidth(void);
int GetScreenHeight(void);
float GetFrameTime(void);
double GetTime(void);
int GetRandomValue(int min, int max);
void BeginDrawing(void);
void EndDrawing(void);
void BeginMode2D(Camera2D camera);
void EndMode2D(void);
void ClearBackground(Color color);
bool IsKeyPressed(int key);
bool IsKeyDown(int key);
bool IsKeyReleased(int key);
int GetKeyPressed(void);
bool IsMouseButtonPressed(int button);
Vector2 GetMousePosition(void);
const char* TextFormat(const char* text, ...);
int MeasureText(const char* text, int fontSize);
void DrawText(const char* text, int posX, int posY, int fontSize, Color color);
void DrawFPS(int posX, int posY);
void DrawPixel(int posX, int posY, Color color);
void DrawLine(int startPosX, int startPosY, int endPosX, int endPosY, Color color);
void DrawLineV(Vector2 startPos, Vector2 endPos, Color color);
void DrawCircle(int centerX, int centerY, float radius, Color color);
void DrawCircleV(Vector2 center, float radius, Color color);
void DrawRectangle(int posX, int posY, int width, int height, Color color);
void DrawRectangleRec(Rectangle rec, Color color);
void DrawRectangleLines(int posX, int posY, int width, int height, Color color);
void DrawRectangleLinesEx(Rectangle rec, float lineThick, Color color);
void DrawRectanglePro(Rectangle rec, Vector2 origin, float rotation, Color color);
void DrawTriangle(Vector2 v1, Vector2 v2, Vector2 v3, Color color);
bool CheckCollisionRecs(Rectangle rec1, Rectangle rec2);
bool CheckCollisionPointRec(Vector2 point, Rectangle rec);
bool CheckCollisionCircleRec(Vector2 center, float radius, Rectangle rec);
Image LoadImage(const char* fileName);
void UnloadImage(Image image);
void ImageRotate(Image* image, int degrees);
void ImageRotateCW(Image* image);
void ImageFlipVertical(Image* image);
void ImageResize(Image* image, int newWidth, int newHeight);
Texture2D LoadTexture(const char* fileName);
Texture2D LoadTextureFromImage(Image image);
void UnloadTexture(Texture2D texture);
void DrawTexture(Texture2D texture, int posX, int posY, Color tint);
void DrawTextureV(Texture2D texture, Vector2 position, Color tint);
void DrawTextureEx(Texture2D texture, Vector2 position, float rotation, float scale, Color tint);
void DrawTextureRec(Texture2D texture, Rectangle source, Vector2 position, Color tint);
void DrawTexturePro(Texture2D texture, Rectangle source, Rectangle dest, Vector2 origin, float rotation, Color tint);
#ifdef __cplusplus
}
#endif
