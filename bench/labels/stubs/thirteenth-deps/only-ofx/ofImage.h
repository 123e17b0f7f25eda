// gpuleak bench stub (rystylee/ofxLibTorch)
#pragma once
#include "ofMain.h"
