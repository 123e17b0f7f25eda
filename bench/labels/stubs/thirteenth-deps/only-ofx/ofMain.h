// gpuleak bench stub (rystylee/ofxLibTorch): the names of the openFrameworks core that the
// addon and its examples use, declarations only; methods are variadic templates so that any
// argument list the examples pass is accepted.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#ifndef CV_MAKETYPE  // OpenCV's, which the addon's TorchUtils.hpp uses (stubs/opencv lacks it)
#define CV_MAKETYPE(depth, cn) ((depth) + (((cn) - 1) << 3))
#endif
#ifndef CV_16U
#define CV_16U 2
#endif

namespace glm {
struct vec2 { float x = 0, y = 0; vec2() {} vec2(float a) : x(a), y(a) {} vec2(float a, float b) : x(a), y(b) {} };
struct vec3 { float x = 0, y = 0, z = 0; vec3() {} vec3(float a) : x(a), y(a), z(a) {} vec3(float a, float b, float c) : x(a), y(b), z(c) {} };
}

typedef unsigned int GLuint;
typedef int GLint;
typedef unsigned int GLenum;
enum ofStubGLConstant : unsigned {
  GL_PIXEL_PACK_BUFFER = 0x88EB, GL_RGB = 0x1907, GL_RGBA = 0x1908, GL_NEAREST = 0x2600,
  GL_COLOR_BUFFER_BIT = 0x4000, GL_CLAMP_TO_EDGE = 0x812F, GL_READ_ONLY = 0x88B8,
  GL_LUMINANCE = 0x1909, GL_FRONT = 0x0404, GL_UNSIGNED_BYTE = 0x1401, GL_STREAM_READ = 0x88E1,
  GL_FLOAT = 0x1406, GL_TEXTURE_2D = 0x0DE1, GL_RGB32F = 0x8815, GL_RGBA32F = 0x8814,
  GL_COLOR_ATTACHMENT0 = 0x8CE0, GL_TEXTURE_RECTANGLE_ARB = 0x84F5
};
template <class... A> void glBindBuffer(A...);
template <class... A> void glClearColor(A...);
template <class... A> void glClear(A...);
template <class... A> void glUnmapBuffer(A...);
template <class... A> void glReadPixels(A...);
template <class... A> void glReadBuffer(A...);
template <class... A> void *glMapBuffer(A...);
template <class... A> void glGenBuffers(A...);
template <class... A> void glDeleteBuffers(A...);
template <class... A> void glBufferData(A...);
int ofGetGLFormatFromInternal(int);
int ofGetGlTypeFromInternal(int);

enum ofImageType { OF_IMAGE_GRAYSCALE, OF_IMAGE_COLOR, OF_IMAGE_COLOR_ALPHA, OF_IMAGE_UNDEFINED };

template <typename T> class ofPixels_ {
public:
  T *getData();
  const T *getData() const;
  size_t getWidth() const;
  size_t getHeight() const;
  size_t getBytesPerChannel() const;
  size_t getNumChannels() const;
  size_t size() const;
  template <class... A> void allocate(A...);
  template <class... A> void setFromPixels(A...);
  T &operator[](size_t i);
  T *getPixels();
  T *begin();
  T *end();
  const T *begin() const;
  const T *end() const;
};
typedef ofPixels_<unsigned char> ofPixels;
typedef ofPixels_<float> ofFloatPixels;
typedef ofPixels &ofPixelsRef;
typedef ofFloatPixels &ofFloatPixelsRef;

struct ofTextureData { unsigned int textureID = 0; int width = 0, height = 0, glInternalFormat = 0, textureTarget = 0; float tex_w = 0, tex_h = 0; };
class ofTexture {
public:
  ofTextureData &getTextureData();
  const ofTextureData &getTextureData() const;
  template <class... A> void draw(A...) const;
  template <class... A> void setTextureMinMagFilter(A...);
  template <class... A> void setTextureWrap(A...);
  template <class... A> void allocate(A...);
  float getWidth() const;
  float getHeight() const;
};
struct ofFboSettings {
  int width = 0, height = 0, internalformat = 0, textureTarget = 0, numSamples = 0, minFilter = 0,
      maxFilter = 0, wrapModeHorizontal = 0, wrapModeVertical = 0, numColorbuffers = 1;
  bool useDepth = false, useStencil = false, depthStencilAsTexture = false;
};
class ofFbo {
public:
  template <class... A> void allocate(A...);
  void begin() const;
  void end() const;
  float getWidth() const;
  float getHeight() const;
  template <class P> void readToPixels(P &, int attachment = 0) const;
  ofTexture &getTexture();
  const ofTexture &getTexture() const;
  ofTexture &getTextureReference();
  template <class... A> void draw(A...) const;
  unsigned int getId() const;
  bool isAllocated() const;
};
template <typename T> class ofImage_ {
public:
  template <class... A> void allocate(A...);
  template <class... A> void setFromPixels(A...);
  template <class... A> void draw(A...) const;
  ofPixels_<T> &getPixels();
  const ofPixels_<T> &getPixels() const;
  ofTexture &getTexture();
  float getWidth() const;
  float getHeight() const;
  template <class... A> bool load(A...);
  void update();
  bool isAllocated() const;
};
typedef ofImage_<unsigned char> ofImage;
typedef ofImage_<float> ofFloatImage;

class ofBaseApp {
public:
  virtual ~ofBaseApp() {}
  virtual void setup() {}
  virtual void update() {}
  virtual void draw() {}
  virtual void exit() {}
  virtual void keyPressed(int) {}
  virtual void keyReleased(int) {}
  virtual void mouseMoved(int, int) {}
  virtual void windowResized(int, int) {}
};
class ofVideoPlayer {
public:
  template <class... A> bool load(A...);
  void play();
  void update();
  bool isFrameNew() const;
  template <class... A> void draw(A...) const;
  template <class... A> void setVolume(A...);
  template <class... A> void setLoopState(A...);
  float getWidth() const;
  float getHeight() const;
  ofPixels &getPixels();
};
class ofVideoGrabber {
public:
  template <class... A> bool setup(A...);
  template <class... A> bool initGrabber(A...);
  template <class... A> void setDeviceID(A...);
  template <class... A> void setDesiredFrameRate(A...);
  void update();
  bool isFrameNew() const;
  template <class... A> void draw(A...) const;
  float getWidth() const;
  float getHeight() const;
  ofPixels &getPixels();
};
struct ofGLFWWindowSettings { template <class... A> void setGLVersion(A...); template <class... A> void setSize(A...); int width = 0, height = 0; bool resizable = true; };
class ofAppBaseWindow {};
class ofFile { public: template <class... A> ofFile(A...); bool exists() const; std::string path() const; };
using ofJson = nlohmann::json;
ofJson ofLoadJson(const std::string &path);
int ofGetWidth();
int ofGetHeight();
float ofGetFrameRate();
float ofGetElapsedTimef();
template <class... A> void ofSetVerticalSync(A...);
template <class... A> void ofSetFrameRate(A...);
template <class... A> void ofSetBackgroundColor(A...);
template <class... A> void ofSetWindowShape(A...);
float ofRandom(float max);
float ofRandom(float min, float max);
float ofNoise(float x);
float ofNoise(float x, float y);
float ofClamp(float v, float min, float max);
template <class T> std::string ofToString(const T &v, int precision = 0);
template <class... A> void ofSetupOpenGL(A...);
template <class W> int ofRunApp(W *app);
template <class W, class A> void ofRunApp(W window, A app);
template <class S> std::shared_ptr<ofAppBaseWindow> ofCreateWindow(const S &settings);
