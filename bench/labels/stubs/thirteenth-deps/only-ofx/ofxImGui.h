// gpuleak bench stub (rystylee/ofxLibTorch): ofxImGui and the ImGui calls of the examples
#pragma once
#include "ofMain.h"
struct ImVec2 { float x = 0, y = 0; ImVec2() {} ImVec2(float a, float b) : x(a), y(b) {} };
typedef void *ImTextureID;
namespace ImGui {
template <class... A> bool Begin(A...);
template <class... A> void End(A...);
template <class... A> void Spacing(A...);
template <class... A> void Text(A...);
template <class... A> void SetWindowFontScale(A...);
template <class... A> bool CollapsingHeader(A...);
template <class... A> bool SliderFloat(A...);
template <class... A> bool SliderInt(A...);
template <class... A> void Image(A...);
template <class... A> bool Button(A...);
template <class... A> bool Checkbox(A...);
}
namespace ofxImGui {
class Gui {
public:
  template <class... A> void setup(A...);
  void begin();
  void end();
  template <class... A> unsigned int loadTexture(A...);
  template <class... A> unsigned int loadPixels(A...);
};
}
